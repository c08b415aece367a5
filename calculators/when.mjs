// Свод — when a calculator's parameter applies: the conditions of rules_core/spec.py
// (``applies``, ``validate_fields``), read the same way in the page. A condition is JSON:
//   {param, eq} | {param, ne} | {param, in: [...]} | {param, min} | {param, max}
//   {all: [...]} | {any: [...]} | {not: C}
// A condition on a parameter that does not apply itself (or whose value is not valid) is false.

const sameValue = (a, b) => a === b; // JSON values of one param: numbers, booleans, strings

/** Whether condition ``cond`` holds for ``values`` (name → value); ``ok(name)`` says whether
 * the named parameter applies and holds a valid value. */
export function applies(cond, values, ok = () => true) {
  if (cond == null) return true;
  if (Array.isArray(cond.all)) return cond.all.every((c) => applies(c, values, ok));
  if (Array.isArray(cond.any)) return cond.any.some((c) => applies(c, values, ok));
  if ("not" in cond) return !applies(cond.not, values, ok);
  const name = cond.param;
  if (!ok(name) || !Object.prototype.hasOwnProperty.call(values, name)) return false;
  const v = values[name];
  if ("eq" in cond) return sameValue(v, cond.eq);
  if ("ne" in cond) return !sameValue(v, cond.ne);
  if ("in" in cond) return cond.in.some((x) => sameValue(v, x));
  if (typeof v !== "number" || !Number.isInteger(v)) return false;
  return "min" in cond ? v >= cond.min : v <= cond.max;
}

/** The names of ``params`` (specs with ``name``, ``when``) that apply under ``values``;
 * ``valid(name)`` (optional) says whether a value is valid: a condition on a bad value is false. */
export function applicable(params, values, valid = () => true) {
  const byName = new Map(params.map((p) => [p.name, p]));
  const live = new Map();
  const busy = new Set();
  const resolve = (name) => {
    if (!byName.has(name)) return false;
    if (live.has(name)) return live.get(name);
    if (busy.has(name)) return false; // a cycle: rules_core refuses such a spec at import
    busy.add(name);
    const ok = applies(byName.get(name).when, values, resolve) && valid(name);
    busy.delete(name);
    live.set(name, ok);
    return ok;
  };
  return new Set(params.filter((p) => resolve(p.name)).map((p) => p.name));
}
