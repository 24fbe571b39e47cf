import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declaration extends Node {
  declarations: { init: Node | null }[];
}

/** The initialiser builds a schema: `z.object(…)`, `ZDate.refine(…)`. */
const SCHEMA = /^(z|Z\w*)\./;

/**
 * Marks each schema the contract builds at load as pure, so the bundler drops those no page uses:
 * `export const ZUser = z.object({…})` becomes `… = /* @__PURE__ *\/ (() => z.object({…}))()`.
 * A bundler cannot tell that building a schema has no side effect, and one kept schema keeps all
 * of zod (26 KB gzip): the sign-in page uses a few constants of the contract's files (locales,
 * plan names, issue codes) and needs zod only once its form is sent.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'tarifa:pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: /\/packages\/contract\/src\/[\w-]+\.ts$/ },
      handler(code) {
        const program = this.parse(code) as unknown as { body: Node[] };
        const inits = program.body
          .map((node) =>
            node.type === 'ExportNamedDeclaration'
              ? (node as { declaration?: Node }).declaration
              : node,
          )
          .filter((node): node is Declaration => node?.type === 'VariableDeclaration')
          .flatMap((node) => node.declarations.map((d) => d.init))
          .filter((init): init is Node => !!init && SCHEMA.test(code.slice(init.start, init.end)));
        // From the last to the first, so earlier offsets still hold.
        let out = code;
        for (const { start, end } of inits.reverse()) {
          out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}
