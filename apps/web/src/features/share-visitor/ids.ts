/** A route id parameter as a number, or null when it is not a positive whole number (the page is then not found). */
export function routeIdOrNull(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
