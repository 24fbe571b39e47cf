// Fails when a module of the web app or of a package exports something no other file uses.
//
// An export is used when another file imports it (through any barrel: a barrel's `export … from`
// is no use by itself), loads its file whole (`import * as`, `import()` of the lazy pages, Vite's
// `import.meta.glob`), or names it in `import('…').Name`. Every file of the three TypeScript
// projects counts as a user: the API, the web app, the packages, e2e, bench, scripts, and tests
// (a unit's tested API); `--strict` counts tests only for the testing kit (`testing/` folders).
// An export used only in its own file should simply not be exported.
//
// The packages' findings of the day the check came sit in scripts/unused-exports.baseline;
// anything else fails.
//
//   node scripts/check-unused-exports.mjs [--strict] [--write-baseline]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const strict = process.argv.includes('--strict');
const baselineHeader = `# Exports of packages/ no other file used when scripts/check-unused-exports.mjs came: known,
# to remove (or to use) by the packages' owners. Nothing may be added by hand; a new unused
# export fails \`npm run check\`. Regenerate with \`node scripts/check-unused-exports.mjs --write-baseline\`.
`;
const projects = ['tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'];
/** Whose exports are checked. */
const checked = (file) => /\/(apps\/web\/src|packages\/[^/]+\/src)\//.test(file) && !isTest(file);
const isTest = (file) => /\.test\.tsx?$/.test(file) || /\/e2e\/.*\.spec\.ts$/.test(file);
const isHelper = (file) => file.includes('/testing/');

/** Vite's `import.meta.glob` pattern (`*`, `**`, `{a,b}`) as a regular expression. */
function globRegex(pattern) {
  const source = pattern
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_, list) => `(${list.split(',').join('|')})`)
    .split('**/')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('(.*/)?');
  return new RegExp(`^${source}$`);
}

/** `file#name` of the declaration a symbol stands for, through every alias. */
function keyOf(checker, symbol) {
  let target = symbol;
  if (target.flags & ts.SymbolFlags.Alias) {
    try {
      target = checker.getAliasedSymbol(target);
    } catch {
      return undefined;
    }
  }
  const declaration = target.declarations?.[0];
  if (!declaration) return undefined;
  const file = declaration.getSourceFile().fileName;
  // `export default function X`: the symbol is named X, the export `default`.
  const name =
    target.escapedName === ts.InternalSymbolName.Default ||
    ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Default
      ? 'default'
      : target.name;
  return `${file}#${name}`;
}

const exported = new Map(); // key → where it is declared, for the report
const used = new Set(); // keys another file imports (tests: only the testing kit's)
const importedWhole = new Set(); // files loaded whole: `import()`, `import * as`

for (const project of projects) {
  const configPath = path.join(root, project);
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const checker = program.getTypeChecker();

  for (const source of program.getSourceFiles()) {
    const file = source.fileName;
    if (file.includes('/node_modules/') || !file.startsWith(root)) continue;

    if (checked(file)) {
      const moduleSymbol = checker.getSymbolAtLocation(source);
      for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
        const key = keyOf(checker, symbol);
        // A barrel's re-exports are checked where they are declared.
        if (key?.startsWith(`${file}#`)) {
          const { line } = source.getLineAndCharacterOfPosition(
            (symbol.valueDeclaration ?? symbol.declarations?.[0] ?? source).getStart(),
          );
          exported.set(key, `${path.relative(root, file)}:${line + 1} ${symbol.name}`);
        }
      }
    }

    const counts = (key) => !strict || !isTest(file) || isHelper(key);
    const use = (name) => {
      const symbol = checker.getSymbolAtLocation(name);
      const key = symbol && keyOf(checker, symbol);
      if (key && !key.startsWith(`${file}#`) && counts(key)) used.add(key);
    };
    const whole = (specifier) => {
      const resolved = ts.resolveModuleName(
        specifier.text,
        file,
        program.getCompilerOptions(),
        ts.sys,
      ).resolvedModule?.resolvedFileName;
      if (resolved && counts(resolved)) importedWhole.add(path.resolve(resolved));
    };
    // Only what names another module's export: imports, and `import()` of a whole file. A
    // barrel's `export … from` is no use by itself; those who import from the barrel are.
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && node.importClause) {
        const { name, namedBindings } = node.importClause;
        if (name) use(name);
        if (namedBindings && ts.isNamespaceImport(namedBindings)) whole(node.moduleSpecifier);
        if (namedBindings && ts.isNamedImports(namedBindings)) {
          for (const element of namedBindings.elements) use(element.name);
        }
        return;
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        whole(node.arguments[0]);
      }
      if (ts.isImportTypeNode(node) && node.qualifier) use(node.qualifier);
      if (ts.isCallExpression(node) && node.expression.getText(source) === 'import.meta.glob') {
        const [patterns] = node.arguments;
        const texts =
          patterns && ts.isArrayLiteralExpression(patterns) ? patterns.elements : [patterns];
        for (const pattern of texts) {
          if (!pattern || !ts.isStringLiteralLike(pattern) || pattern.text.startsWith('!'))
            continue;
          const matches = globRegex(path.resolve(path.dirname(file), pattern.text));
          for (const other of program.getSourceFiles()) {
            if (matches.test(other.fileName)) importedWhole.add(other.fileName);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

const unused = [...exported]
  .filter(([key]) => !used.has(key) && !importedWhole.has(key.slice(0, key.lastIndexOf('#'))))
  .map(([, where]) => where);

// The packages' findings of the day this check came (their owners were reshaping them), as
// `file name` lines: known, left to remove; any other finding fails.
const baselineFile = path.join(root, 'scripts/unused-exports.baseline');
const known = new Set(
  (existsSync(baselineFile) ? readFileSync(baselineFile, 'utf8') : '')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);
const label = (where) => where.replace(/:\d+ /, ' ');
if (process.argv.includes('--write-baseline')) {
  const lines = unused
    .filter((where) => where.startsWith('packages/'))
    .map(label)
    .sort();
  writeFileSync(baselineFile, `${baselineHeader}${lines.join('\n')}\n`);
  console.log(`check-unused-exports: ${lines.length} package exports written to the baseline.`);
  process.exit(0);
}
const fresh = unused.filter((where) => !known.has(label(where))).sort();
if (fresh.length > 0) {
  console.error(`${fresh.length} export(s) no other file uses (unexport or remove them):`);
  for (const where of fresh) console.error(`  ${where}`);
  process.exit(1);
}
console.log(
  `check-unused-exports: ${exported.size} exports, each used by another file ` +
    `(${unused.length} known in the baseline).`,
);
