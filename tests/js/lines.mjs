// For the tests' Node processes of the page's modules (tests/fuzz.py node_lines): one JSON case a line
// on stdin, one JSON answer a line on stdout; an answer that throws is {error}.
import { createInterface } from "node:readline";

export async function answerEachLine(answer) {
  for await (const line of createInterface({ input: process.stdin })) {
    let out;
    try {
      out = await answer(JSON.parse(line));
    } catch (err) {
      out = { error: String((err && err.stack) || err) };
    }
    process.stdout.write(JSON.stringify(out) + "\n");
  }
}
