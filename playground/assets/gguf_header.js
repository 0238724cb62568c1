// Open a GGUF model file in the browser and send Python only its tokenizer (Streamlit
// Components v2, no build step, no network). The file never leaves the browser: the script
// reads the header with File.slice, in chunks that double (4 MB first), walks its key-value metadata (the GGUF
// layout of ggml-org/llama.cpp's docs/gguf.md: magic "GGUF", uint32 version, uint64 tensor
// count, uint64 metadata count, then each key as a uint64-length string, a uint32 value type
// and the value, little-endian), and stops at the end of the metadata, before the tensor
// infos and the weights. It then builds a new GGUF holding only the keys that name the
// tokenizer (tokenizer.* and general.architecture / general.name) and no tensors, and sends
// that, base64-encoded, with the file's name and size.
const CHUNK = 4 << 20;
const SCALAR_SIZE = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;
const KEPT = (key) => key.startsWith("tokenizer.") || key === "general.architecture"
  || key === "general.name";

class HeaderReader {
  constructor(file, limit, onRead) {
    this.file = file;
    this.limit = limit;
    this.onRead = onRead;
    this.bytes = new Uint8Array(0);
    this.pos = 0;
  }

  async need(n) {
    const end = this.pos + n;
    if (end <= this.bytes.length) return;
    if (end > this.limit) throw new Error(`its metadata runs past ${this.limit >> 20} MB`);
    if (end > this.file.size) throw new Error("the file ends inside its metadata");
    const upTo = Math.min(this.file.size, this.limit, Math.max(end, 2 * this.bytes.length, CHUNK));
    const more = new Uint8Array(await this.file.slice(this.bytes.length, upTo).arrayBuffer());
    const grown = new Uint8Array(this.bytes.length + more.length);
    grown.set(this.bytes);
    grown.set(more, this.bytes.length);
    this.bytes = grown;
    this.onRead(this.bytes.length);
  }

  async u32() {
    await this.need(4);
    const v = new DataView(this.bytes.buffer, this.pos, 4).getUint32(0, true);
    this.pos += 4;
    return v;
  }

  async u64() {
    await this.need(8);
    const v = new DataView(this.bytes.buffer, this.pos, 8).getBigUint64(0, true);
    this.pos += 8;
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error("a length in its metadata is too large");
    return Number(v);
  }

  async skip(n) {
    await this.need(n);
    this.pos += n;
  }

  async string() {
    const n = await this.u64();
    await this.need(n);
    const text = new TextDecoder().decode(this.bytes.subarray(this.pos, this.pos + n));
    this.pos += n;
    return text;
  }

  async value(type) {
    if (type === STRING) return this.skip(await this.u64());
    if (type === ARRAY) {
      const itemType = await this.u32();
      const count = await this.u64();
      if (itemType === ARRAY) throw new Error("it holds an array of arrays");
      if (itemType === STRING) {
        for (let i = 0; i < count; i++) await this.skip(await this.u64());
        return undefined;
      }
      if (!(itemType in SCALAR_SIZE)) throw new Error(`unknown value type ${itemType}`);
      return this.skip(SCALAR_SIZE[itemType] * count);
    }
    if (!(type in SCALAR_SIZE)) throw new Error(`unknown value type ${type}`);
    return this.skip(SCALAR_SIZE[type]);
  }
}

function header(version, count) {
  const out = new Uint8Array(24);
  const view = new DataView(out.buffer);
  out.set([0x47, 0x47, 0x55, 0x46]);
  view.setUint32(4, version, true);
  view.setBigUint64(8, 0n, true);
  view.setBigUint64(16, BigInt(count), true);
  return out;
}

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

async function tokenizerOf(file, limit, progress) {
  const reader = new HeaderReader(file, limit, (n) => progress(n, null));
  await reader.need(24);
  const magic = new TextDecoder().decode(reader.bytes.subarray(0, 4));
  if (magic !== "GGUF") throw new Error("it is not a GGUF file (no GGUF magic)");
  reader.pos = 4;
  const version = await reader.u32();
  if (version < 2 || version > 3) throw new Error(`GGUF version ${version} is not read (2 and 3 are)`);
  await reader.u64();
  const count = await reader.u64();
  const kept = [];
  for (let i = 0; i < count; i++) {
    const start = reader.pos;
    const key = await reader.string();
    await reader.value(await reader.u32());
    if (KEPT(key)) kept.push(reader.bytes.slice(start, reader.pos));
    progress(reader.bytes.length, (i + 1) / count);
  }
  const parts = [header(version, kept.length), ...kept];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return { bytes: out, headerBytes: reader.pos };
}

// A size for the status line: KB under 0.1 MB, MB under 1 GB, else GB (never "0.0 MB").
function size(bytes) {
  if (bytes < 104858) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1073741824) return `${(bytes / 1048576).toFixed(1)} MB`;
  return `${(bytes / 1073741824).toFixed(2)} GB`;
}

export default function ({ parentElement, data, setTriggerValue }) {
  const input = parentElement.querySelector("input");
  const bar = parentElement.querySelector("progress");
  const status = parentElement.querySelector(".status");
  parentElement.querySelector("label").textContent = data.label;
  if (data.done && data.done !== status._done) {  // Python's answer replaces "sending..."
    bar.hidden = true;
    status.textContent = data.done;
  }
  status._done = data.done;
  if (input._attached) return;
  input._attached = true;
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    status._done = "";  // the answer about this file, even if worded as the last one
    bar.hidden = false;
    bar.removeAttribute("value");
    status.textContent = `Reading the header of ${file.name}...`;
    const progress = (read, share) => {
      if (share !== null) bar.value = share;
      status.textContent = `Read ${size(read)} of ${file.name}'s header`;
    };
    const t0 = performance.now();
    try {
      const { bytes, headerBytes } = await tokenizerOf(file, data.limit, progress);
      bar.value = 1;
      status.textContent = `Header read (${size(headerBytes)} of ${size(file.size)}); `
        + "sending its tokenizer";
      setTriggerValue("opened", { name: file.name, size: file.size, header_bytes: headerBytes,
        ms: Math.round(performance.now() - t0), gguf: toBase64(bytes) });
    } catch (e) {
      bar.hidden = true;
      status.textContent = "";
      setTriggerValue("opened", { name: file.name, size: file.size, error: String(e.message || e) });
    }
    input.value = "";
  });
}
