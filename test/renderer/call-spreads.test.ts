// No array is spread into a call's arguments anywhere in the renderer (issue #36 item 7): every
// argument takes a stack slot, so `Math.max(...values)` over a long enough array (a hostile
// service's 200,000 statistics rows) throws a RangeError and took the screen down. Found by
// reading each file's syntax tree with the TypeScript compiler: loops and reduce instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../src-renderer');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file:line: call` for each spread argument of a call or `new`. */
function callSpreads(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isSpreadElement(node) && (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${path.relative(ROOT, file)}:${line}: ${node.parent.getText().slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the renderer', () => {
  it('spreads no array into a call', () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(callSpreads)).toEqual([]);
  });
});
