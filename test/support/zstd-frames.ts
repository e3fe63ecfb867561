/**
 * Decode a multi-frame Zstandard file (the host's session logs append one
 * frame per write batch; Node's one-shot decoder stops after the first frame).
 * Frame boundaries follow RFC 8878: header, blocks, optional checksum.
 */
import { zstdDecompressSync } from 'node:zlib'

const ZSTD_MAGIC = 0xfd2fb528
const SKIPPABLE_MASK = 0xfffffff0
const SKIPPABLE_MAGIC = 0x184d2a50

function frameEnd(buffer: Buffer, start: number): { end: number, skippable: boolean } {
  const magic = buffer.readUInt32LE(start)
  if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) return { end: start + 8 + buffer.readUInt32LE(start + 4), skippable: true }
  if (magic !== ZSTD_MAGIC) throw new Error(`not a Zstandard frame at byte ${start}`)
  const descriptor = buffer[start + 4] ?? 0
  const contentSizeFlag = descriptor >> 6
  const singleSegment = (descriptor >> 5) & 1
  const checksum = (descriptor >> 2) & 1
  const dictionaryIdBytes = [0, 1, 2, 4][descriptor & 3] ?? 0
  const contentSizeBytes = [singleSegment, 2, 4, 8][contentSizeFlag] ?? 0
  let offset = start + 5 + (singleSegment === 1 ? 0 : 1) + dictionaryIdBytes + contentSizeBytes
  for (;;) {
    const header = buffer.readUIntLE(offset, 3)
    const last = header & 1
    const type = (header >> 1) & 3
    const size = header >> 3
    offset += 3 + (type === 1 ? 1 : size)
    if (last === 1) break
  }
  return { end: offset + (checksum === 1 ? 4 : 0), skippable: false }
}

/**
 * Decompress every frame of a Zstandard file and concatenate the output.
 * @param buffer - the file's bytes.
 * @returns the decoded bytes.
 */
export function decompressZstdFrames(buffer: Buffer): Buffer {
  const parts: Buffer[] = []
  let start = 0
  while (start < buffer.length) {
    const { end, skippable } = frameEnd(buffer, start)
    if (!skippable) parts.push(zstdDecompressSync(buffer.subarray(start, end)))
    start = end
  }
  return Buffer.concat(parts)
}
