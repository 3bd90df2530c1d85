/**
 * A closed set of names each with a text (a label, a help line, a unit): the record of texts is the
 * one place the names are written, and the list of names comes from its keys, in the same order.
 */
export function namesOf<K extends string>(texts: Readonly<Record<K, string>>): readonly [K, ...K[]] {
  return Object.keys(texts) as [K, ...K[]];
}
