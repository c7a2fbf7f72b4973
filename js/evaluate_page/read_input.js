// Reading one input (a picked file or pasted text) into the engine's line reader, in the
// worker. Files are streamed, never read whole: a 224 MB run would otherwise sit in memory
// twice (its bytes and its text) beside what the reader keeps of it. The reader gets the
// file's bytes (unpacked when gzip), not text: it checks them as the command line does (a
// NUL byte, invalid UTF-8, a file in another encoding) and gives the command line's message.

/** Bytes a pasted text is cut into, so progress moves and no chunk is huge. */
const PASTE_CHUNK = 1 << 20;

/** Whether a file starts with gzip's magic bytes 1f 8b (its name may say nothing). */
export async function isGzip(file) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * Feed one input to `reader` (the engine's `newReader(...)`), calling `progress(bytes)`
 * with the bytes of the input consumed so far (compressed bytes for a gzip file, so the
 * bar reaches the file's size on disk).
 */
export async function feed(input, reader, progress) {
  if (input.text !== undefined) {
    // Pasted text: progress counts characters, its size as the page counts it.
    for (let at = 0; at < input.text.length; at += PASTE_CHUNK) {
      reader.push(input.text.slice(at, at + PASTE_CHUNK));
      progress(Math.min(at + PASTE_CHUNK, input.text.length));
    }
    return reader.end();
  }
  let consumed = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      consumed += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  let bytes = input.file.stream().pipeThrough(counter);
  if (await isGzip(input.file)) bytes = bytes.pipeThrough(new DecompressionStream("gzip"));
  const chunks = bytes.getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) break;
    reader.push(value);
    progress(consumed);
  }
  return reader.end();
}

/** The size the progress bar counts for an input. */
export function sizeOf(input) {
  return input.text !== undefined ? input.text.length : input.file.size;
}
