// For tests/test_spec_layout.py: reads [{params, values, valid}] cases as JSON on stdin and
// prints, for each, the applicable names (sorted) by calculators/when.mjs.
import { applicable } from "../../calculators/when.mjs";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const out = JSON.parse(input).map(({ params, values, invalid }) =>
  [...applicable(params, values, (n) => !invalid.includes(n))].sort());
process.stdout.write(JSON.stringify(out));
