// Quotes an argument for a POSIX shell, so printed commands can be pasted as they are.

/** `coupon failure` → `'coupon failure'`; plain words stay bare. */
export function shellQuote(argument: string): string {
  if (/^[\w@%+=:,./-]+$/.test(argument)) return argument;
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}
