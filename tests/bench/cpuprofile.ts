/**
 * Sums a V8 .cpuprofile (node --cpu-prof) by self time: the top functions and the top files.
 * Usage: npx tsx tests/bench/cpuprofile.ts <file.cpuprofile> [how many rows, default 30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
const rows = rowsArg && !rowsArg.startsWith('--') ? rowsArg : '30';
if (!file) throw new Error('usage: cpuprofile.ts <file.cpuprofile> [rows]');
const profile: Profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortFile = (url: string) => {
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return `npm:${m[1]}`;
  return url.replace(/^file:\/\//, '').replace(/^.*\/(src|tests)\//, '$1/') || '(native)';
};
const sum = (key: (node: ProfileNode) => string) => {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) sums.set(key(byId.get(id)!), (sums.get(key(byId.get(id)!)) ?? 0) + us);
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(rows));
};
const print = (title: string, list: [string, number][]) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of list)
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
};
print(
  'self time by function',
  sum((n) => `${n.callFrame.functionName || '(anonymous)'}  ${shortFile(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`),
);
print(
  'self time by file or package',
  sum((n) => shortFile(n.callFrame.url)),
);

// `... --owners [PATTERN]`: each sample's time goes to the nearest function on its stack (the leaf
// first) whose file matches PATTERN (a regular expression; src/ unless said): what each hook on the
// request path costs with the library calls it makes, and without the hooks it hands on to (a
// synchronous hook calls the next one, so summing callees would count those too).
const ownersAt = process.argv.indexOf('--owners');
if (ownersAt > 0) {
  const arg = process.argv[ownersAt + 1];
  const pattern = new RegExp(arg && !arg.startsWith('--') ? arg : 'src/');
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owners = new Map<string, number>();
  for (const [id, us] of selfUs) {
    let owner = '(no matching frame)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (!pattern.test(shortFile(node.callFrame.url))) continue;
      owner = `${node.callFrame.functionName || '(anonymous)'}  ${shortFile(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
      break;
    }
    owners.set(owner, (owners.get(owner) ?? 0) + us);
  }
  print(`time by nearest function in files matching ${pattern}`, [...owners].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)));
}

// `... --callers NAME`: where the self time of a function (say writev) comes from, by its callers' chain.
const callersOf = process.argv.indexOf('--callers');
if (callersOf > 0) {
  const name = process.argv[callersOf + 1];
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const chains = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)!.callFrame.functionName !== name) continue;
    const chain: string[] = [];
    for (let at = parent.get(id); at !== undefined && chain.length < 10; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      chain.push(`${frame.functionName || '(anonymous)'}@${shortFile(frame.url)}`);
    }
    chains.set(chain.join(' < '), (chains.get(chain.join(' < ')) ?? 0) + us);
  }
  print(`callers of ${name}`, [...chains].sort((a, b) => b[1] - a[1]).slice(0, 10));
}
