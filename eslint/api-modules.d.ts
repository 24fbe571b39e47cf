/** Types of eslint/api-modules.js, for the architecture test and docs scripts that read it. */
import type { Linter } from 'eslint';

export const moduleGraph: Record<string, string[]>;
export const composition: string;
export const layersBelow: string[];
export const pluginsBlock: Linter.Config;
export const apiModules: Linter.Config[];
