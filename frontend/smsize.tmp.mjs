import { readFileSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = new TraceMap(readFileSync(file + '.map', 'utf8'));
const lines = code.split('\n');
const sizes = new Map();
let prev = null;
const entries = [];
eachMapping(map, (m) => entries.push(m));
for (let i = 0; i < entries.length; i++) {
  const m = entries[i], n = entries[i + 1];
  let len;
  if (n && n.generatedLine === m.generatedLine) len = n.generatedColumn - m.generatedColumn;
  else len = lines[m.generatedLine - 1].length - m.generatedColumn;
  const key = m.source ?? '(none)';
  sizes.set(key, (sizes.get(key) ?? 0) + len);
}
const top = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 45);
for (const [k, v] of top) console.log(String(v).padStart(7), k.replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/'));
