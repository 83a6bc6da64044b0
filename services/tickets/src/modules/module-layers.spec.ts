import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The layers of tickets' module folders, lowest first. A folder imports only folders of its own layer or below,
 * and no two folders import each other, directly or through others:
 * - foundation: the other services' projections, the media store and the company's wall-clock time;
 * - conversation: tickets, their messages and queues with their repositories and use-cases;
 * - automation: what reacts to the conversation (chatbot menus, timers, auto-assignment, queue integrations and AI
 *   prompts, schedules), through the hooks the conversation layer offers (`tickets/conversation-hooks.ts`), never
 *   called by name from below;
 * - features: the screens and APIs built on both (dashboards, reports and service levels, tags, notes, chats, the
 *   external API, message templates, the agents' AI assistance, the LGPD export, erasure and retention).
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['projections', 'media', 'time'],
  ['queues', 'tickets', 'messages', 'ticket-actions'],
  ['chatbot', 'queue-integrations', 'prompts', 'schedules'],
  [
    'assist',
    'campaign-history',
    'chats',
    'dashboard',
    'external-api',
    'message-templates',
    'privacy',
    'quick-messages',
    'reports',
    'service-levels',
    'tags',
    'ticket-notes',
  ],
];

const MODULES = dirname(fileURLToPath(import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) yield path;
  }
}

const folderOf = (path: string): string | null => {
  const inside = relative(MODULES, path);
  return inside.startsWith('..') || !inside.includes(sep) ? null : (inside.split(sep)[0] ?? null);
};

/** Folder → folder → the files that make the import (`from → to`), from the compiler's reading of each file. */
function folderImports(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sources(MODULES)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), imported.fileName));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${relative(MODULES, file)} → ${imported.fileName}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The folders that import each other (strongly connected components of more than one folder, Tarjan). */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) component.push(member);
      } while (member && member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const layerOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));

describe("tickets' module folders", () => {
  const graph = folderImports();

  it('each belong to a layer', () => {
    const folders = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());
    expect(folders.filter((folder) => layerOf(folder) < 0)).toEqual([]);
  });

  it('import only their own layer or the ones below', () => {
    const upward: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, files] of edges) {
        if (layerOf(to) > layerOf(from)) upward.push(...files);
      }
    }
    expect(upward).toEqual([]);
  });

  it('never import each other in a cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('are read by this test: a lower layer importing an upper one or a cycle is seen', () => {
    const sample = new Map([
      ['tickets', new Map([['chatbot', ['tickets/a.ts → ../chatbot/b.js']]])],
      ['chatbot', new Map([['tickets', ['chatbot/b.ts → ../tickets/a.js']]])],
    ]);
    expect(cycles(sample)).toEqual([['chatbot', 'tickets']]);
    expect(layerOf('chatbot')).toBeGreaterThan(layerOf('tickets'));
    expect(graph.get('messages')?.has('tickets')).toBe(true);
  });
});
