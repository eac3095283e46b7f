// tcgkit in the browser: lobby, board, replays. Plain JavaScript, no build step, no outside files.
"use strict";

const $main = document.getElementById("main");
const $status = document.getElementById("status");
let current = null; // the page being shown: {stop()}

// ------------------------------------------------------------------ small helpers
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}
async function api(path, options) {
  const res = await fetch(path, options);
  let data = null;
  try { data = await res.json(); } catch (e) { data = {error: `the server answered ${res.status}`}; }
  if (!res.ok) throw new Error(data && data.error ? data.error : `the server answered ${res.status}`);
  return data;
}
function post(path, body, token) {
  const headers = {"Content-Type": "application/json"};
  if (token) headers["X-Seat-Token"] = token;
  return api(path, {method: "POST", headers, body: JSON.stringify(body)});
}
function tokensFor(id) {
  try { return JSON.parse(localStorage.getItem("tcgkit:" + id) || "[]"); } catch (e) { return []; }
}
function saveTokens(id, tokens) { localStorage.setItem("tcgkit:" + id, JSON.stringify(tokens)); }
function showDetail(text, x, y) {
  const d = document.getElementById("card-detail");
  d.textContent = text;
  d.classList.remove("hidden");
  d.style.left = Math.min(x + 12, window.innerWidth - 330) + "px";
  d.style.top = Math.min(y + 12, window.innerHeight - 160) + "px";
}
function hideDetail() { document.getElementById("card-detail").classList.add("hidden"); }
function openDialog(...children) {
  const box = document.getElementById("dialog-box");
  box.replaceChildren(...children.flat(Infinity).filter(c => c !== null && c !== undefined));
  document.getElementById("dialog").classList.remove("hidden");
}
function closeDialog() { document.getElementById("dialog").classList.add("hidden"); }

// ------------------------------------------------------------------ routing
function route() {
  if (current && current.stop) current.stop();
  current = null;
  closeDialog(); hideDetail(); $status.textContent = "";
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "play" && parts[1] && parts[2]) {
    saveTokens(parts[1], [parts[2]]);
    location.replace("#/game/" + parts[1]);
    return;
  }
  if (parts[0] === "game" && parts[1]) current = gamePage(parts[1], false);
  else if (parts[0] === "watch" && parts[1]) current = gamePage(parts[1], true);
  else if (parts[0] === "howto" && parts[1]) howtoPage(parts[1]);
  else if (parts[0] === "replay" && parts[1]) replayPage(parts[1]);
  else lobbyPage();
}
window.addEventListener("hashchange", route);
window.addEventListener("load", route);

// ------------------------------------------------------------------ lobby
async function lobbyPage() {
  $main.replaceChildren(el("p", {}, "Loading…"));
  let catalog;
  try { catalog = await api("/api/catalog"); } catch (e) { $main.replaceChildren(el("p", {class: "error"}, e.message)); return; }
  const gameSel = el("select", {id: "game", "aria-label": "Game"},
    catalog.games.map(g => el("option", {value: g.id}, g.name)));
  const deckSel = el("select", {id: "deck", "aria-label": "Your deck"});
  const oppSel = el("select", {id: "opponent", "aria-label": "Opponent"},
    el("option", {value: "bot"}, "A bot"), el("option", {value: "friend"}, "A friend (invite link)"),
    el("option", {value: "open"}, "Anyone (listed in open games)"), el("option", {value: "hotseat"}, "Hot-seat (two players, this device)"));
  const botSel = el("select", {id: "bot", "aria-label": "Bot"}, catalog.bots.map(b => el("option", {value: b}, b)));
  const paste = el("textarea", {id: "deck-yaml", placeholder: "Or paste a deck file (YAML) here"});
  const validation = el("div", {id: "validation"});
  const deckFile = el("input", {type: "file", id: "deck-file", accept: ".yaml,.yml,text/yaml"});
  deckFile.addEventListener("change", async () => { paste.value = await deckFile.files[0].text(); validate(); });
  const result = el("div", {id: "create-result"});
  const howto = el("a", {href: "#"}, "How to play");
  function fillDecks() {
    const g = catalog.games.find(x => x.id === gameSel.value);
    deckSel.replaceChildren(...g.decks.map(d => el("option", {value: d.name, title: d.description}, d.name + (d.legal ? "" : " (not legal)"))));
    howto.setAttribute("href", "#/howto/" + g.id);
  }
  gameSel.addEventListener("change", fillDecks);
  oppSel.addEventListener("change", () => botSel.parentElement.classList.toggle("hidden", oppSel.value !== "bot"));
  fillDecks();
  async function validate() {
    validation.replaceChildren();
    if (!paste.value.trim()) return true;
    try {
      const v = await post("/api/validate", {game: gameSel.value, deck_yaml: paste.value});
      if (v.legal) { validation.append(el("p", {class: "ok"}, `${v.name}: legal`)); return true; }
      validation.append(el("p", {class: "error"}, `${v.name}: not legal`),
        el("ul", {}, v.violations.map(x => el("li", {}, `${x.message} (${x.clause})`))));
    } catch (e) { validation.append(el("p", {class: "error"}, e.message)); }
    return false;
  }
  async function start() {
    result.replaceChildren();
    if (!(await validate())) return;
    const body = {game: gameSel.value, deck: deckSel.value, opponent: oppSel.value, bot: botSel.value};
    if (paste.value.trim()) body.deck_yaml = paste.value;
    try {
      const r = await post("/api/games", body);
      saveTokens(r.id, r.tokens || [r.token]);
      if (r.invite) {
        const link = location.origin + r.invite;
        result.append(el("p", {}, "Send this link to your friend: ", el("input", {id: "invite", value: link, readonly: true, size: 60})),
          el("button", {class: "primary", onclick: () => { location.hash = "#/game/" + r.id; }}, "Go to the table"));
        return;
      }
      location.hash = "#/game/" + r.id;
    } catch (e) { result.append(el("p", {class: "error"}, e.message)); }
  }
  const importFile = el("input", {type: "file", id: "import", accept: ".json,application/json"});
  const importMsg = el("span", {});
  importFile.addEventListener("change", async () => {
    try {
      const record = JSON.parse(await importFile.files[0].text());
      const r = await post("/api/replays", record);
      location.hash = "#/replay/" + r.id;
    } catch (e) { importMsg.textContent = e.message; importMsg.className = "error"; }
  });
  const list = el("tbody", {id: "games"});
  const listPanel = el("section", {class: "panel"}, el("h2", {}, "Open and running games"),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Players"), el("th", {}, "Status"), el("th", {}, ""))), list));
  async function refresh() {
    let games = [];
    try { games = await api("/api/games"); } catch (e) { return; }
    list.replaceChildren(...games.map(g => el("tr", {},
      el("td", {}, g.game_name), el("td", {}, g.seats.map(s => s.open ? "(open seat)" : s.name).join(" vs ")),
      el("td", {}, g.status === "open" ? "waiting for a player" : `turn ${g.turn}`),
      el("td", {}, g.seats.some(s => s.open) ? el("button", {onclick: () => join(g.id)}, "Join") : null,
        el("a", {href: "#/watch/" + g.id}, "Watch")))));
  }
  async function join(id) {
    try { const r = await post(`/api/games/${id}/join`, {}); saveTokens(id, [r.token]); location.hash = "#/game/" + id; }
    catch (e) { alert(e.message); }
  }
  $main.replaceChildren(
    el("section", {class: "panel"}, el("h1", {}, "New game"),
      el("label", {}, "Game ", gameSel, " ", howto),
      el("label", {}, "Your deck ", deckSel), paste, el("label", {}, "or upload a deck file ", deckFile), el("button", {onclick: validate, id: "validate"}, "Check the pasted deck"), validation,
      el("label", {}, "Opponent ", oppSel), el("label", {}, "Bot ", botSel),
      el("button", {class: "primary", id: "start", onclick: start}, "Start"), result),
    listPanel,
    el("section", {class: "panel"}, el("h2", {}, "Replays"), el("label", {}, "Open a replay file ", importFile), importMsg));
  refresh();
  const timer = setInterval(refresh, 4000);
  current = {stop: () => clearInterval(timer)};
}

// ------------------------------------------------------------------ how to play
function paragraphs(text) {
  // the summary is hard-wrapped: a line ending a sentence ends a paragraph, other line breaks are spaces
  const out = [];
  let cur = "";
  for (const line of text.split("\n")) {
    cur = cur ? cur + " " + line.trim() : line.trim();
    if (/[.!?:]$/.test(cur)) { out.push(el("p", {}, cur)); cur = ""; }
  }
  if (cur) out.push(el("p", {}, cur));
  return out;
}
async function howtoPage(game) {
  try {
    const h = await api("/api/howto/" + encodeURIComponent(game));
    $main.replaceChildren(el("section", {class: "panel"}, el("h1", {}, `How to play ${h.name}`),
      el("div", {class: "howto", id: "howto"}, paragraphs(h.summary || "This game has no summary yet: its rulebook is the reference.")),
      el("p", {}, el("a", {href: "#/"}, "Back to the lobby"))));
  } catch (e) { $main.replaceChildren(el("p", {class: "error"}, e.message)); }
}

// ------------------------------------------------------------------ the board (shared by games and replays)
function cardNode(card, classes, onclick) {
  const lines = [card.kind, card.stats.map(s => `${s[0]} ${s[1]}`).join(", "), card.statuses.join(", "),
    card.attached.length ? "with " + card.attached.join(", ") : ""].filter(Boolean);
  const full = [card.name, ...lines, card.text].filter(Boolean).join("\n");
  const node = el("div", {class: "card " + (classes || ""), "data-card": card.id, title: full, tabindex: 0},
    el("div", {class: "name"}, card.name), el("div", {class: "kind"}, card.kind),
    card.stats.length ? el("div", {}, card.stats.map(s => `${s[0]} ${s[1]}`).join(" · ")) : null,
    card.statuses.length ? el("div", {class: "status"}, card.statuses.join(", ")) : null,
    card.attached.length ? el("div", {}, "with " + card.attached.join(", ")) : null);
  node.addEventListener("mouseenter", e => showDetail(full, e.clientX, e.clientY));
  node.addEventListener("mouseleave", hideDetail);
  node.addEventListener("click", e => {
    if (onclick) onclick(card.id);
    else showDetail(full, e.clientX, e.clientY);
  });
  return node;
}

function backs(count, label) {
  return el("div", {class: "card back", title: label}, `${count} face down`);
}

function playerNode(player, index, marks, onCard) {
  return el("div", {class: "player" + (player.deciding ? " deciding" : ""), "data-player": index},
    el("h3", {}, player.name, player.deciding ? " — deciding" : ""),
    el("div", {class: "numbers"}, player.numbers.map(n => el("span", {}, `${n[0]}: ${n[1]}`))),
    el("div", {class: "zones"}, player.zones.map(z => el("div", {class: "zone", "data-zone": z.key},
      el("div", {class: "zone-name"}, `${z.name} (${z.count})`),
      el("div", {class: "cards"},
        z.cards === null ? (z.count ? backs(z.count, z.name) : null)
          : [...z.cards.map(c => cardNode(c, marks(c.id), onCard)), z.face_down ? backs(z.face_down, z.name) : null])))));
}

function boardNode(msg, handlers) {
  const v = msg.view;
  const order = v.players.map((p, i) => i);
  const me = msg.seat === null ? order.length - 1 : msg.seat;
  order.sort((a, b) => (a === me) - (b === me));   // the viewer's side at the bottom
  const sel = handlers.selected;
  const acts = v.actions;
  const playable = new Set(acts.flatMap(a => a.cards.slice(0, 1)));
  const targets = new Set(sel === null ? [] : acts.filter(a => a.cards[0] === sel).flatMap(a => a.cards.slice(1)));
  const marks = id => [playable.has(id) ? "playable" : "", targets.has(id) ? "target" : "", id === sel ? "selected" : ""].join(" ");
  const shown = sel === null ? acts : acts.filter(a => a.cards.includes(sel));
  const thinking = msg.thinking !== null && msg.thinking !== undefined && msg.seats[msg.thinking]
    ? el("div", {class: "thinking", id: "thinking"}, `${msg.seats[msg.thinking].name} is thinking…`) : null;
  const who = v.players.findIndex(p => p.deciding);
  return el("div", {class: "board"},
    el("div", {}, order.map(i => playerNode(v.players[i], i, marks, handlers.onCard))),
    el("div", {class: "side"},
      el("section", {class: "panel"}, el("div", {class: "phase", id: "phase"}, v.phase),
        who >= 0 ? el("div", {}, `${v.players[who].name} decides`) : null, thinking,
        v.choice ? el("div", {id: "choice"}, v.choice) : null),
      el("section", {class: "panel actions", id: "actions"}, el("h3", {}, acts.length ? "Your actions" : "Actions"),
        sel !== null ? el("button", {onclick: () => handlers.select(null)}, "Show all actions") : null,
        shown.length ? shown.map(a => el("button", {"data-action": a.index, onclick: () => handlers.act(a.index)}, a.text))
          : el("p", {}, msg.end ? "The game is over." : "Waiting for the other side.")),
      handlers.extra || null,
      el("section", {class: "panel"}, el("h3", {}, "Log"),
        el("div", {class: "log", id: "log"}, v.log.map(line => el("div", {}, line))))));
}

function endNode(end, id, extra) {
  return el("div", {id: "end"}, el("h2", {}, end.winner === null ? "A draw" : (end.you_won ? "You win!" : `${end.winner} wins`)),
    el("p", {}, end.reason + (end.clause ? ` (${end.clause})` : "")),
    el("p", {}, el("a", {href: "#/replay/" + id, onclick: closeDialog}, "Watch the replay"), " · ",
      el("a", {href: "#/", onclick: closeDialog}, "Back to the lobby")), extra || null);
}

// ------------------------------------------------------------------ a live game
function gamePage(id, spectate) {
  const tokens = spectate ? [] : tokensFor(id);
  const sockets = [];
  const last = {};          // seat (or "spectator") -> latest message with a view
  let selected = null, stopped = false, error = "", chatLines = [], endShown = false;
  const errorLine = el("div", {class: "error", id: "error", role: "alert"});
  if (!spectate && !tokens.length) {
    $main.replaceChildren(el("p", {}, "You hold no seat in this game. ", el("a", {href: "#/watch/" + id}, "Watch it")));
    return {stop() {}};
  }
  function connect(token, key, attempt) {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + id);
    sockets.push(ws);
    ws.onopen = () => { ws.send(JSON.stringify(token ? {type: "hello", token} : {type: "hello", spectate: true})); };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.type === "snapshot" || m.type === "update") {
        last[key] = m; if (m.type === "snapshot" && m.chat) chatLines = m.chat;
        if (m.type === "update") { error = ""; }
        render();
      } else if (m.type === "thinking") {
        if (last[key]) { last[key].thinking = m.seat; render(); }
      } else if (m.type === "chat") { chatLines.push(m); render(); }
      else if (m.type === "error") { error = m.message; render(); }
    };
    ws.onclose = ev => {
      if (stopped) return;
      if (ev.code === 4404) { $main.replaceChildren(el("p", {class: "error"}, "Game not found.")); return; }
      if (ev.code === 4401) { $main.replaceChildren(el("p", {class: "error"}, "This link's secret is not valid for this game.")); return; }
      $status.textContent = "Reconnecting…";
      setTimeout(() => { if (!stopped) { $status.textContent = ""; connect(token, key, attempt + 1); } }, Math.min(5000, 300 * (attempt + 1)));
    };
  }
  function socketFor(key) { return sockets.filter(s => s.readyState === 1)[spectate ? 0 : tokens.length > 1 ? key : 0]; }
  function viewKey() {
    if (spectate) return "spectator";
    if (tokens.length > 1) { // hot-seat: show the seat that decides
      for (const k of [0, 1]) if (last[k] && last[k].view.actions.length) return k;
      return last[0] ? 0 : 1;
    }
    return 0;
  }
  function send(key, message) { const ws = socketFor(key); if (ws) ws.send(JSON.stringify(message)); }
  function render() {
    hideDetail();
    const key = viewKey();
    const m = last[key];
    if (!m) return;
    errorLine.textContent = error;
    const chatBox = el("div", {class: "chat", id: "chat"}, chatLines.map(c => el("div", {}, `${c.from}: ${c.text}`)));
    const chatInput = el("input", {id: "chat-input", placeholder: "Say something", maxlength: 300});
    const extra = spectate ? el("section", {class: "panel"}, el("p", {}, "You are watching."), chatBox)
      : el("section", {class: "panel"}, errorLine,
        el("form", {onsubmit: e => { e.preventDefault(); if (chatInput.value.trim()) send(key, {type: "chat", text: chatInput.value}); chatInput.value = ""; }},
          chatInput, el("button", {}, "Send")), chatBox,
        m.end ? null : el("button", {id: "resign", onclick: () => { if (confirm("Resign this game?")) send(key, {type: "resign"}); }}, "Resign"));
    const board = boardNode(m, {
      selected, extra,
      select: s => { selected = s; render(); },
      act: index => { selected = null; closeDialog(); send(key, {type: "action", index, version: m.version}); },
      onCard: cid => {
        const acts = m.view.actions;
        if (selected !== null) {
          const exact = acts.filter(a => a.cards[0] === selected && a.cards[1] === cid && a.cards.length === 2);
          if (exact.length === 1) { const i = exact[0].index; selected = null; send(key, {type: "action", index: i, version: m.version}); return; }
        }
        if (acts.some(a => a.cards[0] === cid)) {
          const mine = acts.filter(a => a.cards[0] === cid);
          if (mine.length === 1 && mine[0].cards.length === 1) { selected = null; send(key, {type: "action", index: mine[0].index, version: m.version}); return; }
          selected = selected === cid ? null : cid; render();
        }
      },
    });
    const title = el("h2", {}, m.view.game, tokens.length > 1 ? ` — ${m.seats[key].name}'s view (pass the device)` : "",
      spectate ? " — watching" : "", m.status === "open" ? " — waiting for an opponent to join" : "");
    $main.replaceChildren(title, el("p", {}, el("a", {href: "#/howto/" + m.game}, "How to play")), board);
    const logBox = document.getElementById("log");
    if (logBox) logBox.scrollTop = logBox.scrollHeight;   // the latest sentences in sight
    if (m.end && !endShown) { endShown = true; openDialog(endNode(m.end, id, el("button", {onclick: closeDialog}, "See the board"))); }
    else if (m.view.choice && m.view.actions.length && !m.end) {
      openDialog(el("h3", {id: "choice-prompt"}, m.view.choice), el("div", {class: "error", id: "dialog-error"}, error),
        m.view.actions.map(a => el("button", {"data-action": a.index, onclick: () => { closeDialog(); send(key, {type: "action", index: a.index, version: m.version}); }}, a.text)));
    } else if (!m.end) closeDialog();
  }
  $main.replaceChildren(el("p", {}, "Connecting…"));
  if (spectate) connect(null, "spectator", 0);
  else tokens.forEach((t, i) => connect(t, i, 0));
  return {stop() { stopped = true; sockets.forEach(s => s.close()); }};
}

// ------------------------------------------------------------------ replays
async function replayPage(id) {
  const tokens = tokensFor(id);
  let step = 0, total = 0, viewer = "spectator";
  const viewerSel = el("select", {id: "viewer", "aria-label": "Seen by"},
    el("option", {value: "spectator"}, "a spectator"), el("option", {value: "0"}, "player 1"), el("option", {value: "1"}, "player 2"));
  const holder = el("div", {});
  const info = el("span", {id: "step"});
  const msg = el("span", {class: "error"});
  viewerSel.addEventListener("change", () => { viewer = viewerSel.value; show(); });
  async function show() {
    const headers = tokens.length ? {"X-Seat-Token": tokens[0]} : {};
    try {
      const m = await api(`/api/games/${id}/replay/${step}?viewer=${viewer}`, {headers});
      total = m.steps; msg.textContent = "";
      info.textContent = ` step ${step} of ${total} `;
      holder.replaceChildren(boardNode(m, {selected: null, select() {}, act() {}, onCard: null}),
        m.end ? endNode(m.end, id) : null);
    } catch (e) { msg.textContent = e.message; }
  }
  function go(s) { step = Math.max(0, Math.min(total, s)); show(); }
  async function exportFile() {
    try {
      const headers = tokens.length ? {"X-Seat-Token": tokens[0]} : {};
      const record = await api(`/api/games/${id}/replay`, {headers});
      const a = el("a", {href: URL.createObjectURL(new Blob([JSON.stringify(record)], {type: "application/json"})), download: `tcgkit-${record.game}-${id}.json`});
      document.body.append(a); a.click(); a.remove();
    } catch (e) { msg.textContent = e.message; }
  }
  $main.replaceChildren(el("section", {class: "panel"}, el("h2", {}, "Replay"),
    el("button", {id: "first", onclick: () => go(0)}, "⏮"), el("button", {id: "back", onclick: () => go(step - 1)}, "◀"),
    info, el("button", {id: "forward", onclick: () => go(step + 1)}, "▶"), el("button", {id: "last", onclick: () => go(total)}, "⏭"),
    el("label", {}, "Seen by ", viewerSel), el("button", {id: "export", onclick: exportFile}, "Export the replay file"), msg), holder);
  await show();
}
