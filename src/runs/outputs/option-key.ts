/** The settings key of a benchmark option: its flag in camel case (`--teval-protocol` → `tevalProtocol`). */
export function optionKey(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
