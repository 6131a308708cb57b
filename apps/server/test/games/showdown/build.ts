/**
 * The game modules of this folder as the server process loads them (GAME_MODULES): each module file
 * (module.ts, the faulty variants) transpiled to an ES module in ./dist (git-ignored), next to the
 * repository's node_modules, so that their imports (zod, @bang/game-core, each other) resolve as a
 * published game module's would.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const MODULES = ["module", "badbot", "badview", "baddeal"] as const;

/** Transpiles this folder's module files; returns the path of each ES module the server loads, by name. */
export function buildGameModules(): Record<(typeof MODULES)[number], string> {
  const dir = join(import.meta.dirname, "dist");
  mkdirSync(dir, { recursive: true });
  const out = {} as Record<(typeof MODULES)[number], string>;
  for (const name of MODULES) {
    const source = readFileSync(join(import.meta.dirname, `${name}.ts`), "utf8");
    const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true } });
    out[name] = join(dir, `${name}.js`);
    writeFileSync(out[name], outputText);
  }
  return out;
}

/** The path of Showdown's ES module. */
export function buildShowdown(): string {
  return buildGameModules().module;
}
