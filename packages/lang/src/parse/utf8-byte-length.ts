/**
 * A file of its own, without the parser: an isolated child measures text with it and must not
 * load acorn (decision 155).
 */

/** Byte length of a string in UTF-8 without allocating a buffer (browser-safe). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}
