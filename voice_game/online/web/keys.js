// Single keys on the browser seat: the names voice_game.keys gives them, and the keys the
// page answers itself (going through the lines heard, the speech rate, starting to type).

const NAMED = {
  Enter: "enter", Escape: "escape", " ": "space", Backspace: "backspace", Tab: "tab",
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Home: "home", End: "end",
  PageUp: "pageup", PageDown: "pagedown", Delete: "delete",
};

// The key's name as in the terminal ("d", "D", "?", "f1", "enter"), or null (a modifier,
// a shortcut of the browser or the screen reader: Control, Alt and Meta keys pass through).
export function keyName(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const k = event.key;
  if (k in NAMED) return NAMED[k];
  if (/^F([1-9]|1[0-2])$/.test(k)) return k.toLowerCase();
  if (k.length === 1) return k;
  return null;
}

// What the page does itself: previous/next/oldest/newest line, faster/slower speech, typing.
export const LOCAL = {
  ",": "previous", ".": "next_message", "<": "oldest", ";": "oldest", ">": "newest", ":": "newest",
  home: "oldest", end: "newest", "-": "slower", "+": "faster", "=": "faster", enter: "type", "/": "type",
  tab: "pass_through",
};

// The lines heard, walked with , and . (the log keeps them all; this remembers where we are).
export class Lines {
  constructor(log) { this.log = log; this.at = -1; }
  count() { return this.log.children.length; }
  move(action) {
    const n = this.count();
    if (n === 0) return null;
    if (this.at < 0 || this.at >= n) this.at = n;
    if (action === "previous") this.at = Math.max(0, this.at - 1);
    else if (action === "next_message") this.at = Math.min(n - 1, this.at + 1);
    else if (action === "oldest") this.at = 0;
    else this.at = n - 1;
    return this.log.children[this.at].textContent;
  }
  reset() { this.at = -1; }
}
