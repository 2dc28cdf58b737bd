// The browser seat: one seat of an online table, played from a page with a screen reader.
//
// The page is the seat's own NATS user (over nats-server's WebSocket listener), exactly as
// `voice-game join` is: it says hello, hears what it missed from its own stream, then
// follows its own subject. What the game says goes into the role="log" region, one
// paragraph per line; the command field sends typed words, the keys field single keys
// (made into words by the server as the terminal makes them). <main data-state> is
// "your-turn" while the host waits for this seat, "waiting" otherwise, "over" at the end.
import { connect, StringCodec } from "./vendor/nats.ws.js";
import { keyName, LOCAL, Lines } from "./keys.js";

const HELLO_EVERY = 3000;
const ALIVE_EVERY = 2000;
const TICKET_EVERY = 1500;
const sc = StringCodec();
const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
const log = $("log");
const lines = new Lines(log);

const params = new URLSearchParams(location.search);
const lang = ["de", "en"].includes(params.get("lang")) ? params.get("lang")
  : ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");
let words = {};
let config = {};
let seat = null;
let nc = null;
let reader = null;  // the seat's history user: reads its stream
let game = null;
let prompt = null; // the host's last prompt while it waits for this seat
let sentC = 0;
let pending = null; // the last line sent (sent again when a restarted host did not get it)
let lastN = 0;
let over = false;
let rate = 175;

// --- what the seat hears -------------------------------------------------------------------
function setState(state) {
  if (over && state !== "over") return;
  main.dataset.state = state;
  const key = { "your-turn": "state_your_turn", waiting: "state_waiting", over: "state_over" }[state];
  $("state").textContent = words[key] || "";
}

function addLine(text, kind) {
  if (!text) return;
  const p = document.createElement("p");
  p.textContent = text;
  if (kind) p.className = kind;
  log.appendChild(p);
  log.scrollTop = log.scrollHeight;
  lines.reset();
}

function speak(text) {
  if (!$("speech").checked || !("speechSynthesis" in window) || !text) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang === "de" ? "de-DE" : "en-US";
  u.rate = Math.max(0.5, Math.min(3, rate / 175));
  window.speechSynthesis.speak(u);
}

function quiet() {
  if ("speechSynthesis" in window) window.speechSynthesis.cancel();
}

// cues: the game's own sound files, through Web Audio (made on the first key: browsers
// start audio only after the user did something)
let audio = null;
const buffers = new Map();
function audioContext() {
  if (audio === null && (window.AudioContext || window.webkitAudioContext)) {
    audio = new (window.AudioContext || window.webkitAudioContext)();
  }
  return audio;
}
async function cue(id, pan) {
  const ctx = audioContext();
  if (!ctx || !/^[a-z0-9_.]+$/.test(id)) return;
  try {
    if (!buffers.has(id)) {
      const r = await fetch(`sounds/${id}.wav`);
      if (!r.ok) { buffers.set(id, null); return; }
      buffers.set(id, await ctx.decodeAudioData(await r.arrayBuffer()));
    }
    const buf = buffers.get(id);
    if (!buf) return;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    const panner = ctx.createStereoPanner();
    panner.pan.value = typeof pan === "number" ? Math.max(-1, Math.min(1, pan)) : 0;
    src.connect(panner).connect(ctx.destination);
    src.start();
  } catch (e) { /* no sound: the words are all there is */ }
}

function say(msg, replay = false) {
  let text = typeof msg.text === "string" && msg.text ? msg.text : (typeof msg.fallback === "string" ? msg.fallback : "");
  if (replay && typeof msg.history === "string") {
    if (!msg.history) return;
    text = msg.history;
  }
  addLine(text, typeof msg.kind === "string" ? msg.kind : "info");
  if (!replay) {
    if (typeof msg.cue === "string") cue(msg.cue, msg.pan);
    if (msg.speak !== false) speak(text);
  }
}

// --- NATS ----------------------------------------------------------------------------------
function decode(data) {
  try {
    const m = JSON.parse(sc.decode(data));
    return m && typeof m === "object" && Number.isInteger(m.n) ? m : null;
  } catch (e) { return null; }
}

let slowTold = false; // the history gate refused a read: said once, until a read goes through

async function stored(query) {
  // one message of the seat's own stream (a direct get as the seat's history user, whose
  // account has no table's subjects, answered into the seat's own inbox by the history
  // gate; a read it refuses, status 429, is asked again a second later)
  for (let tries = 0; tries < 120; tries++) {
    try {
      const m = await reader.request(`$JS.API.DIRECT.GET.${seat.stream}`, sc.encode(JSON.stringify(query)), { timeout: 3000 });
      const status = m.headers ? m.headers.get("Status") : "";
      if (status === "429") {
        if (!slowTold) { slowTold = true; addLine(words.history_slow, "info"); }
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      slowTold = false;
      if (status || (m.headers && m.headers.code && m.headers.code >= 400)) return null;
      return decode(m.data);
    } catch (e) { return null; }
  }
  return null;
}

async function missed(first, last) {
  const out = [];
  for (let n = Math.max(1, first); n <= last; n++) {
    const m = await stored({ seq: n });
    if (m) out.push(m);
  }
  return out;
}

function publish(obj) {
  // every message names this page's client id: one live client per seat, the host takes
  // the seat away from an older client when a newer one says hello
  if (typeof seat.cid === "string") obj = { ...obj, cid: seat.cid };
  try { nc.publish(seat.send, sc.encode(JSON.stringify(obj))); } catch (e) { /* the host learns it from the silence */ }
}

function sendLine(text, src, conf) {
  text = text.trim();
  if (!text || over || !nc) return;
  sentC += 1;
  main.dataset.sent = String(sentC); // how many lines this seat sent (a test waits on it)
  pending = { c: sentC, text: text.slice(0, 300), conf: Math.max(0, Math.min(1, conf)), src };
  quiet();
  prompt = null;
  setState("waiting");
  publish(pending);
}

function onPrompt(msg) {
  const last = Number.isInteger(msg.last) && msg.last >= 0 ? msg.last : 0;
  prompt = { commands: Array.isArray(msg.commands) ? msg.commands : [], choices: msg.choices,
             pending: msg.pending === true, detail: msg.detail };
  if (pending && pending.c > last) { publish(pending); return; } // the host did not get it: again
  if (sentC < last) sentC = last;
  setState("your-turn");
}

function handle(msg) {
  if (msg.t === "say") say(msg);
  else if (msg.t === "rate" && Number.isInteger(msg.value)) rate = msg.value;
  else if (msg.t === "prompt") onPrompt(msg);
  else if (msg.t === "taken") { if (msg.cid === seat.cid) finish("taken"); } // played elsewhere now
  else if (msg.t === "bye") { if (msg.cid === undefined || msg.cid === seat.cid) finish("left"); }
  else if (msg.t === "over") finish("over");
}

function finish(why) {
  if (over) return;
  addLine(words[why] || "", "info");
  setState("over");
  over = true;
  if (nc) nc.drain().catch(() => {});
  if (reader) reader.drain().catch(() => {});
}

async function play(info) {
  seat = info;
  addLine(words.joining, "info");
  const scheme = config.tls ? "wss" : "ws";
  try {
    nc = await connect({ servers: `${scheme}://${location.hostname}:${config.ws_port}`, user: info.user,
                         pass: info.password, inboxPrefix: info.inbox, name: `web-${info.user}`,
                         maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
    reader = await connect({ servers: `${scheme}://${location.hostname}:${config.ws_port}`, user: info.reader,
                             pass: info.password, inboxPrefix: info.inbox, name: `web-${info.reader}`,
                             maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
  } catch (e) {
    addLine(words.connect_failed, "error");
    return;
  }
  const queue = [];
  let wake = null;
  const sub = nc.subscribe(info.listen);
  (async () => {
    for await (const m of sub) {
      const msg = decode(m.data);
      if (msg) { queue.push(msg); if (wake) { wake(); wake = null; } }
    }
  })();
  const next = (ms) => new Promise((resolve) => {
    if (queue.length) { resolve(); return; }
    wake = resolve;
    setTimeout(() => { if (wake === resolve) wake = null; resolve(); }, ms);
  });
  const end = await stored({ last_by_subj: info.listen });
  if (end && end.t === "over") { finish("over"); return; }
  const hello = { hello: true, lang };
  let welcome = null;
  const early = [];
  for (let tries = 0; tries < 200 && !welcome; tries++) {
    publish(hello);
    const until = Date.now() + HELLO_EVERY;
    while (!welcome && Date.now() < until) {
      await next(until - Date.now());
      while (queue.length && !welcome) {
        const m = queue.shift();
        if (m.t === "welcome" && (m.cid === undefined || m.cid === seat.cid)) welcome = m;
        else if (m.t !== "welcome") early.push(m);
      }
    }
  }
  if (!welcome) { addLine(words.no_host, "error"); return; }
  if (typeof welcome.game === "string") game = welcome.game;
  const from = Number.isInteger(welcome.from) ? welcome.from : 0;
  for (const m of await missed(from + 1, welcome.n - 1)) {
    if (m.t === "say" && m.history !== "" && m.record !== false) say(m, true);
  }
  lastN = welcome.n;
  queue.unshift(...early);
  (async () => {
    for await (const s of nc.status()) if (s.type === "reconnect") publish(hello); // the host answers with what we lost
  })();
  const alive = setInterval(() => { if (over) clearInterval(alive); else publish({ alive: true }); }, ALIVE_EVERY);
  while (!over) {
    if (!queue.length) { await next(60000); continue; }
    const msg = queue.shift();
    if (msg.n <= lastN) continue;
    if (msg.n > lastN + 1) { // lost while the connection was down: from the stream
      const fill = (await missed(lastN + 1, msg.n - 1)).filter((m) => m.n > lastN);
      if (fill.length) { queue.unshift(...fill, msg); continue; }
    }
    lastN = msg.n;
    handle(msg);
  }
}

// --- input ---------------------------------------------------------------------------------
async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  try { return await r.json(); } catch (e) { return { error: "bad_request" }; }
}

async function onKey(event) {
  const name = keyName(event);
  if (name === null || name === "tab") return;
  event.preventDefault();
  audioContext();
  const local = LOCAL[name];
  if (local === "type") { $("command").focus(); addLine(words.typing, "info"); return; }
  if (local === "previous" || local === "next_message" || local === "oldest" || local === "newest") {
    $("said").textContent = lines.move(local) || words.history_none;
    return;
  }
  if (local === "slower" || local === "faster") { rate = Math.max(80, Math.min(450, rate + (local === "faster" ? 25 : -25))); return; }
  quiet();
  const answer = await post("api/key", { lang, game, key: name, prompt: prompt || {} });
  for (const line of answer.say || []) addLine(line, "info");
  if (answer.line && typeof answer.line.text === "string") sendLine(answer.line.text, "key", answer.line.conf);
  else if (typeof answer.type === "string") { $("command").value = answer.type; $("command").focus(); }
}

async function start(code, name) {
  let info = await post("api/seat", { code });
  if (info.error) { // a spoken code: the lobby seats us, then the table gives the seat's code
    if (!name) { showJoin(code); return; }
    const r = await post("api/redeem", { code, name, lang });
    if (r.error) {
      addLine((words.errors || {})[r.error] || words.bad_code, "error");
      showJoin(code);
      return;
    }
    addLine(words.waiting_start, "info");
    let t = r;
    while (!t.code) {
      await new Promise((res) => setTimeout(res, TICKET_EVERY));
      const g = await fetch(`api/ticket?t=${encodeURIComponent(r.ticket)}`);
      t = await g.json();
      if (t.error || t.state === "over") { addLine((words.errors || {})[t.error] || words.no_host, "error"); return; }
    }
    info = await post("api/seat", { code: t.code });
    if (info.error) { addLine(words.bad_code, "error"); return; }
    code = t.code;
  }
  sessionStorage.setItem("vg-code", code); // a reload of the page sits down again
  $("join").hidden = true;
  await play(info);
}

function showJoin(code) {
  $("join").hidden = false;
  if (code) $("code").value = code;
  $(code ? "name" : "code").focus();
}

async function init() {
  [words, config] = await Promise.all([fetch(`strings/${lang}.json`).then((r) => r.json()),
                                       fetch("config.json").then((r) => r.json())]);
  document.documentElement.lang = lang;
  document.title = words.title;
  for (const [id, key] of [["heading", "heading"], ["name-label", "name"], ["code-label", "code"],
    ["join-button", "join"], ["log-heading", "log"], ["command-label", "command"], ["send-button", "send"],
    ["speech-label", "speech"], ["keys-help", "help_keys"], ["keys-label", "keys"]]) $(id).textContent = words[key];
  setState("waiting");
  $("command-form").addEventListener("submit", (e) => {
    e.preventDefault();
    audioContext();
    sendLine($("command").value, "keyboard", 1.0);
    $("command").value = "";
  });
  $("command").addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); $("command").value = ""; $("keys").focus(); }
  });
  $("keys").addEventListener("keydown", onKey);
  $("join").addEventListener("submit", (e) => {
    e.preventDefault();
    start($("code").value.trim(), $("name").value.trim());
  });
  const code = params.get("code") || sessionStorage.getItem("vg-code");
  // the code leaves the address bar (and the browser's history): it is the seat's key
  history.replaceState(null, "", `${location.pathname}?lang=${lang}`);
  if (code) await start(code, params.get("name") || "");
  else showJoin("");
}

init();
