import * as rruleNamespace from 'rrule';

/**
 * The rrule package ships a UMD build as its Node entry point, so under Node's ESM loader its
 * classes sit on the default export, while bundlers and type declarations see named exports.
 */
type RRuleLib = typeof rruleNamespace;
const loaded = rruleNamespace as RRuleLib & { default?: RRuleLib };
const lib: RRuleLib = loaded.RRule ? loaded : (loaded.default ?? loaded);

export const RRule = lib.RRule;
export const RRuleSet = lib.RRuleSet;
export type { Options as RRuleOptions } from 'rrule';
