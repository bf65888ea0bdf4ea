/**
 * The named corpora shipped with toolgauge (`--corpus <name>`), by folder: a module of its own, so that the
 * option declarations (read by `report` and `show`) do not import the manifest's schema.
 */
export const NAMED_CORPORA: Readonly<Record<string, URL>> = {
  toolsandbox: new URL('../../../data/sandbox/corpora/toolsandbox/', import.meta.url),
};
