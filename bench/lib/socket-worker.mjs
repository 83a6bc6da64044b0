// A child process holding many socket.io clients (the fan-out benchmark forks a few, so the receiving side is
// not one event loop). Messages from the parent: { open: n } opens n more sockets (at most `parallel` handshakes
// at a time) and answers { opened, failed, total }; { watch: event } records, for each payload `tag.name` of
// `bench-<seq>`, the wall-clock receipt time; { collect: seq } answers { seq, times } and forgets them;
// { close: true } closes everything and exits.
import { performance } from 'node:perf_hooks';
import { connectSocket } from './client.mjs';
import { connectWire } from './wire-client.mjs';

const base = process.env.BENCH_GATEWAY_URL;
const token = process.env.BENCH_TOKEN;
const parallel = Number(process.env.BENCH_PARALLEL ?? 100);
const connect = process.env.BENCH_CLIENT === 'socket.io' ? connectSocket : connectWire;
const sockets = [];
const receipts = new Map();
let watched;
const now = () => performance.timeOrigin + performance.now();

const onEvent = (payload) => {
  const at = now();
  const name = payload?.tag?.name ?? '';
  if (!name.startsWith('bench-')) return;
  const seq = Number(name.slice(6));
  let list = receipts.get(seq);
  if (!list) receipts.set(seq, (list = []));
  list.push(at);
};

async function open(count) {
  let opened = 0;
  let failed = 0;
  let next = 0;
  const errors = {};
  const worker = async () => {
    while (next < count) {
      next += 1;
      try {
        const socket = await connect(base, token, { timeoutMs: 60_000 });
        if (watched) socket.on(watched, onEvent);
        sockets.push(socket);
        opened += 1;
      } catch (error) {
        failed += 1;
        const key = String(error?.message ?? error).slice(0, 80);
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  const connected = sockets.filter((socket) => socket.connected).length;
  return { opened, failed, errors, total: sockets.length, connected };
}

process.on('message', (message) => {
  void (async () => {
    if (message.open !== undefined) process.send({ reply: 'open', ...(await open(message.open)) });
    else if (message.watch) {
      watched = message.watch;
      for (const socket of sockets) socket.on(watched, onEvent);
      process.send({ reply: 'watch' });
    } else if (message.collect !== undefined) {
      const times = receipts.get(message.collect) ?? [];
      receipts.delete(message.collect);
      process.send({ reply: 'collect', seq: message.collect, times });
    } else if (message.close) {
      for (const socket of sockets) socket.close();
      process.send({ reply: 'close' });
      setTimeout(() => process.exit(0), 100);
    }
  })();
});
process.send({ reply: 'started' });
