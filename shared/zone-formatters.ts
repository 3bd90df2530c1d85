/**
 * Intl.DateTimeFormat kept per time zone: building one costs ~100× formatting with it, and the
 * dispatch and the weather engine ask the same few zones for every jobsite (issue 26 item 5). Each
 * map is bounded by the IANA zones in use (a few hundred at most). An unknown zone throws RangeError
 * from the constructor, as Intl does, and nothing is kept for it.
 */
export function formatterPerZone(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const kept = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = kept.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      kept.set(timeZone, format);
    }
    return format;
  };
}
