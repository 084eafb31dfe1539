// Part of `npm run check`: no React component function in src is over MAX_LINES lines, counted from its
// `function` (or its name's declaration) to its closing brace, so a screen is split into named parts that
// each read in one go (docs/decisions/0431-small-rooms.md). Biome's noExcessiveLinesPerFunction counts a
// component's JSX short, so this reads the TypeScript syntax tree itself.
//
// A component is a function in a .tsx file whose name starts with a capital letter: a function
// declaration, a function or arrow assigned to a const (also inside memo() or forwardRef()), or a file's
// anonymous default export.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 250;

/**
 * Files whose components may still be longer, each with why. Empty: every screen is in named parts; an
 * entry is a debt to pay, not a place to park a screen.
 */
const ALLOWED: Record<string, string> = {};

type Component = { file: string; name: string; line: number; lines: number };

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

const isComponentName = (name: string | undefined) => name !== undefined && /^[A-Z]/.test(name);

/** The name a function is known by: its own, or the const it is assigned to (through memo()/forwardRef()). */
function nameOf(fn: ts.FunctionLikeDeclaration): string | undefined {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  let node: ts.Node = fn.parent;
  while (ts.isCallExpression(node) || ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
    node = node.parent;
  }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isExportAssignment(node)) return 'default export';
  return undefined;
}

function componentsIn(file: string, text: string): Component[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Component[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      const anonymousDefault =
        ts.isFunctionDeclaration(node) &&
        !node.name &&
        node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      const name = anonymousDefault ? 'default export' : nameOf(node);
      if (name === 'default export' || isComponentName(name)) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ file, name: name ?? '', line: start + 1, lines: end - start + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main() {
  const root = process.cwd();
  const files = tsxFiles(path.join(root, 'src')).map((f) => path.relative(root, f).split(path.sep).join('/'));
  const tooLong = files
    .flatMap((file) => componentsIn(file, readFileSync(file, 'utf8')))
    .filter((c) => c.lines > MAX_LINES);
  const failures = tooLong.filter((c) => !(c.file in ALLOWED));
  for (const file of Object.keys(ALLOWED)) {
    if (!tooLong.some((c) => c.file === file)) {
      console.log(
        `check-component-size: ${file} has no component over ${MAX_LINES} lines: its ALLOWED entry can go.`,
      );
    }
  }
  for (const c of failures) {
    console.error(
      `${c.file}:${c.line}: the component ${c.name} is ${c.lines} lines; at most ${MAX_LINES}: split it into named parts.`,
    );
  }
  if (failures.length > 0) process.exit(1);
}

main();
