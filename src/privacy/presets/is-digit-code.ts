// Whether a UTF-16 code unit is an ASCII digit: what every digit count and checksum here reads.

export function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}
