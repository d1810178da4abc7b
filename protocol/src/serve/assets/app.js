// Tinman's web board: draws the server's state and sends the user's moves. Every rule lives in
// the server; the page only filters the server's move lists (docs/serve.md). This file holds
// the state, the server calls and the input; board.js and panel.js draw.
'use strict';
(() => {

const DRAG_START_PX = 5;
const POLL_MS = 500;         // while the server's engine thinks over a move the page did not ask for
const ANALYSIS_TRIES = 5;   // refused analyses in a row, the engine idle, before giving up
const DROPPED_RESTORED = 'The server had dropped this game; it was restored.';
const DROPPED_LOST = 'The server had dropped this game and it could not be restored; a new game was started.';

const {
  app, $, last, pieceAt, chainInfo, viewedState, isEngineTurn, canEnter, differs, undoPlies,
  renderBoard, renderArrows, renderHover, squareOf, squareAtPoint, ghostPiece,
  renderAll, renderStatus, renderChain, renderPromo, renderAnalysis, fmtScore,
  fillVariants, settingFen, engineLimit, toClipboard,
} = window.TinmanBoard;

// board.js made the state object so every script holds the same one; its fields live here.
Object.assign(app, {
  variants: [], variant: null,
  gameId: null, state: null,
  cache: [],            // cache[k]: the state after k plies of the history
  viewPly: null,        // null: the live position; else a cached ply being browsed
  flipped: false,
  side: 'white',        // the side the user plays, or 'both'
  sel: null,            // {from, moves, prefix} while a move is being entered
  drag: null, hover: null, promo: null,
  pending: 0,
  gen: 0,               // bumped by every new state and every action: older answers are dropped
  action: null,         // {name}: the one state-changing request in flight
  thinking: 0,          // the token of the engine move awaited (0: none)
  engineSeq: 0, newSeq: 0,
  restore: null,        // {id, done}: the remaking of a game the server dropped
  es: null, lines: [], esSide: 'white', analysing: false, esWait: false, esFails: 0,
  message: null, engineNote: '',
  notice: null,         // {text, left}: a word on the game that outlives `left` more actions
});
window.tinman = { state: null, gameId: null, busy: false, lastCopied: null };

// ---------------------------------------------------------------------------------------------
// Server

async function api(method, path, body, extra) {
  app.pending++;
  syncBusy();
  try {
    const init = { method, ...extra };
    // The server refuses a POST or DELETE that is not JSON (415): other web sites cannot send
    // JSON here without its leave (CORS), so they cannot drive it.
    if (method === 'POST' || method === 'DELETE') {
      init.body = JSON.stringify(body === undefined ? {} : body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    const res = await fetch(path, init);
    const text = await res.text();
    let data = text;
    try { data = text ? JSON.parse(text) : null; } catch (_) { /* plain text (PGN) */ }
    if (!res.ok) {
      const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
      err.status = res.status;
      throw err;
    }
    return data;
  } finally {
    app.pending--;
    syncBusy();
  }
}

const gamePath = (rest, id = app.gameId) => `/api/games/${encodeURIComponent(id)}${rest || ''}`;
const deleteGame = (id) => api('DELETE', gamePath('', id)).catch(() => {});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// An answer the page no longer wants: it has moved on (a later action, another game).
const staleError = () => Object.assign(new Error('superseded'), { stale: true });
const isStale = (e, gen) => !!e.stale || app.gen !== gen;

// A request about the page's game. The server keeps a bounded number of games and drops the
// idle longest: on a 404 the game is made again and the request sent once more.
async function gameApi(method, rest, body) {
  const id = app.gameId;
  try {
    return await api(method, gamePath(rest, id), body);
  } catch (e) {
    if (e.status !== 404 || !app.state || (id !== app.gameId && !(app.restore && app.restore.id === id))) throw e;
    const made = await restoreGame(id);
    if (!made || made !== app.gameId) throw staleError();
    return api(method, gamePath(rest, made), body);
  }
}

// One remaking per dropped game, however many requests found it gone.
function restoreGame(id) {
  if (!app.restore || app.restore.id !== id) app.restore = { id, done: remakeGame(id) };
  return app.restore.done;
}

// Makes the dropped game again from the page's copy: its start, its moves, its resignation.
// Resolves to the new id; null when the page has moved on, or when remaking failed (a new
// game is then started).
async function remakeGame(id) {
  const st = app.state;
  let made = null;
  try {
    made = await api('POST', '/api/games', { variant: st.variant, fen: st.start_fen });
    for (const m of st.history) made = await api('POST', gamePath('/move', made.id), { move: m.text });
    const o = st.outcome;
    if (o && o.reason === 'resignation') {
      made = await api('POST', gamePath('/resign', made.id), { side: o.winner === 'white' ? 'black' : 'white' });
    }
  } catch (_) {
    if (made) deleteGame(made.id);
    if (app.gameId === id) newGame(DROPPED_LOST);
    return null;
  }
  if (app.gameId !== id) { deleteGame(made.id); return null; }
  // The same position under a new id: whatever the page was doing goes on (no new generation).
  app.gameId = made.id;
  app.state = made;
  window.tinman.state = made;
  app.cache[made.history.length] = made;
  // Found gone while entering a move, it is still news after that move.
  app.notice = { text: DROPPED_RESTORED, left: app.action ? 0 : 1 };
  syncBusy();
  renderStatus();
  return made.id;
}

function syncBusy() {
  window.tinman.busy = app.pending > 0 || app.thinking > 0 || !!app.action;
  window.tinman.gameId = app.gameId;
  document.body.classList.toggle('busy', window.tinman.busy);
}

// ---------------------------------------------------------------------------------------------
// Entering moves: pick a unit, go on landing by landing, play (chainInfo narrows the list)

async function select(sq) {
  const sel = { from: sq, moves: null, prefix: [sq] };
  app.sel = sel;
  app.promo = null;
  app.message = null;
  renderBoard();
  renderChain();
  try {
    const moves = await gameApi('GET', `/moves?from=${encodeURIComponent(sq)}`);
    if (app.sel !== sel) return;
    sel.moves = (moves || []).map((m) => ({ ...m, path: m.path && m.path.length ? m.path : [m.from, m.to] }));
    if (!sel.moves.length) setMessage('That unit has no legal move.');
    renderBoard();
    if (sel.pendingDrop) {
      const drop = sel.pendingDrop;
      sel.pendingDrop = null;
      if (chainInfo(sel).next.includes(drop)) advance(drop);
    }
  } catch (e) {
    if (app.sel === sel) { app.sel = null; renderBoard(); }
    if (!e.stale) setMessage(e.message, true);
  }
}

function clearSel() {
  if (!app.sel && !app.promo) return;
  app.sel = null;
  app.promo = null;
  renderBoard();
  renderChain();
  renderPromo();
}

// The user goes on to `sq`: finish if no move goes further, else wait for the next landing.
function advance(sq) {
  const sel = app.sel;
  sel.prefix = sel.prefix.concat(sq);
  const { ending, next } = chainInfo(sel);
  if (ending.length && !next.length) { finish(ending); return; }
  renderBoard();
  renderChain();
}

// Several moves may end here only by their promotion: ask which.
function finish(ending) {
  const promos = ending.filter((m) => m.promotion);
  if (promos.length > 1) {
    app.promo = { moves: promos, square: last(app.sel.prefix) };
    renderBoard();
    renderChain();
    renderPromo();
    return;
  }
  playMove(ending[0].text);
}

// ---------------------------------------------------------------------------------------------
// Game flow

function setState(st, reset) {
  app.gen++;
  app.thinking = 0;  // whatever the engine was thinking about is gone (409)
  closeStream();     // its lines were about the position before
  app.state = st;
  window.tinman.state = st;
  if (reset) app.cache = [];
  const k = st.history.length;
  app.cache.length = Math.min(app.cache.length, k);
  app.cache[k] = st;
  app.viewPly = null;
  app.sel = null;
  app.promo = null;
  app.message = null;
  syncBusy();
}

function setMessage(text, error) {
  app.message = text ? { text, error: !!error } : null;
  renderStatus();
}

// After every new state: the engine's turn, or analysis if it is on.
function afterChange() {
  renderAll();
  if (isEngineTurn()) engineMove();
  else if (app.analysing) startAnalysis();
}

// One state-changing request at a time: while it is pending the buttons are disabled and
// further clicks are ignored (a double click on Take back took back four plies).
async function act(name, fn) {
  if (app.action || !app.state) return;
  const end = begin(name);
  try { await fn(app.gen); } finally { end(); }
}

// Marks an action in flight and returns what ends it. Its new generation drops the answers of
// whatever was pending before, the engine's move included.
function begin(name) {
  const mine = app.action = { name };
  app.gen++;
  if (app.notice && --app.notice.left < 0) app.notice = null;
  syncBusy();
  renderAll();
  return () => { if (app.action === mine) { app.action = null; syncBusy(); renderAll(); } };
}

// A refused action: the server's state is the truth (the page may have dropped an engine move
// meanwhile), then the reason, and the game goes on.
async function refused(e, gen) {
  if (isStale(e, gen) || !(await refresh(gen))) return;
  setMessage(e.message, true);
  afterChange();
}

// Asks the server for the game's state and adopts it if it differs (it may have changed under
// the page). Resolves to {st, changed}, or null when the page has moved on meanwhile.
async function refresh(gen) {
  let st;
  try { st = await gameApi('GET', ''); } catch (e) { return isStale(e, gen) ? null : { st: app.state, changed: false }; }
  if (app.gen !== gen) return null;
  const changed = differs(st);
  if (changed) setState(st);
  return { st, changed };
}

// A new game of the chosen variant. It supersedes whatever is pending (arrowing through the
// variants starts one after another): only the latest answer is used, the others deleted.
async function newGame(note) {
  const variant = app.variants.find((v) => v.name === $('variant').value) || app.variants[0];
  const token = ++app.newSeq;
  const end = begin('new');
  closeStream();
  const old = app.gameId;
  const body = { variant: variant.name };
  const fen = settingFen(variant);
  if (fen) body.fen = fen;
  try {
    const st = await api('POST', '/api/games', body);
    if (token !== app.newSeq) { deleteGame(st.id); return; }
    app.variant = variant;
    app.gameId = st.id;
    setState(st, true);
    app.engineNote = '';
    app.notice = note ? { text: note, left: 0 } : null;
    if (old && old !== st.id) deleteGame(old);
    if (history.replaceState) history.replaceState(null, '', `#${variant.name}`);
    afterChange();
  } catch (e) {
    if (token === app.newSeq) setMessage(e.message, true);
  } finally {
    end();
  }
}

// A state-changing request whose answer is the game's new state.
function change(name, rest, body, reset) {
  return act(name, async (gen) => {
    closeStream();
    try {
      const st = await gameApi('POST', rest, body);
      if (app.gen !== gen) return;
      setState(st, reset);
      app.engineNote = '';
      afterChange();
    } catch (e) {
      await refused(e, gen);
    }
  });
}

function playMove(text) {
  if (app.action) return;
  app.sel = null;
  app.promo = null;
  change('move', '/move', { move: text });
}

async function engineMove() {
  const token = app.thinking = ++app.engineSeq;
  const gen = app.gen;
  syncBusy();
  renderAll();
  try {
    if (app.es) {
      closeStream();
      await api('POST', gamePath('/stop')).catch(() => {});
    }
    if (app.gen !== gen) return;
    const r = await gameApi('POST', '/engine', engineLimit());
    if (app.gen !== gen) return;
    const mover = app.state.side_to_move;
    setState(r.state);
    app.engineNote = `Engine played ${r.san || r.move}` +
      (r.score ? ` (${fmtScore(r.score, mover)}, depth ${r.depth})` : '');
    afterChange();
  } catch (e) {
    if (isStale(e, gen)) return;
    // 409: the engine already thinks over a move in this game (an earlier request, another tab).
    if (e.status === 409) await awaitEngine(gen);
    else setMessage(e.message, true);
  } finally {
    if (app.thinking === token) { app.thinking = 0; syncBusy(); renderAll(); }
  }
}

// Waits for the move the server's engine is thinking over, then goes on from there; if that
// search ended without a move, asks for one again.
async function awaitEngine(gen) {
  for (;;) {
    await sleep(POLL_MS);
    const r = app.gen === gen && await refresh(gen);
    if (!r) return;
    if (r.changed) { app.engineNote = ''; afterChange(); return; }
    if (!r.st.searching) { if (isEngineTurn()) engineMove(); return; }
  }
}

function undo() {
  const plies = app.state ? undoPlies(app.state) : 0;
  if (plies) change('undo', '/undo', { plies });
}

function setFen() {
  const fen = $('fen-input').value.trim();
  if (!fen) { setMessage('Type a FEN first.', true); return; }
  change('position', '/position', { fen }, true);
}

function resign() {
  const st = app.state;
  if (!st || st.outcome) return;
  change('resign', '/resign', { side: app.side === 'both' ? st.side_to_move : app.side });
}

// Back from the back/forward cache: the server's game may have moved on, or been dropped.
async function resync() {
  if (app.state && await refresh(app.gen)) afterChange();
}

async function copyText(text, what) {
  window.tinman.lastCopied = text;
  await toClipboard(text);
  setMessage(`${what} copied.`);
}

async function copyPgn() {
  try {
    const pgn = await gameApi('GET', '/pgn');
    copyText(typeof pgn === 'string' ? pgn : JSON.stringify(pgn), 'PGN');
  } catch (e) {
    if (!e.stale) setMessage(e.message, true);
  }
}

function view(ply) {
  const n = app.state ? app.state.history.length : 0;
  if (ply === null || ply >= n) ply = null;
  else ply = Math.max(0, ply);
  if (ply !== null && !app.cache[ply]) return;
  app.viewPly = ply;
  app.sel = null;
  app.promo = null;
  renderAll();
}

function step(delta) {
  const n = app.state ? app.state.history.length : 0;
  const cur = app.viewPly === null ? n : app.viewPly;
  view(cur + delta);
}

// ---------------------------------------------------------------------------------------------
// Analysis (server-sent events)

function startAnalysis() {
  if (!app.analysing || !app.gameId || app.thinking || isEngineTurn()) return;
  closeStream();
  const gen = app.gen;
  const n = $('multipv').value;
  const es = new EventSource(gamePath(`/analysis?multipv=${encodeURIComponent(n)}`));
  let opened = false;
  app.es = es;
  app.esSide = app.state.side_to_move;
  app.esFullmove = app.state.fullmove;
  es.addEventListener('open', () => { opened = true; app.esFails = 0; });
  es.addEventListener('info', (ev) => {
    if (app.es !== es) return;
    let info;
    try { info = JSON.parse(ev.data); } catch (_) { return; }
    if (!info || !info.multipv) return;
    app.lines[info.multipv - 1] = info;
    // A deeper line 1 makes shallower other lines stale, but they still help; keep them.
    renderAnalysis();
    renderArrows();
  });
  // The server ends the stream (game change, stop): close it so EventSource does not retry.
  // The lines stay, as the analysis's last word on this position.
  es.addEventListener('done', () => { if (app.es === es) endStream(); });
  es.onerror = () => {
    if (app.es !== es) return;
    endStream();
    if (!opened) analysisRefused(gen);
  };
  renderAnalysis();
  renderArrows();
}

// The server refused the stream before it began: the game was dropped (404), or the engine
// thinks over a move in it (409); an EventSource cannot tell which, the game's state does.
// The analysis starts again once the game is back or the engine has moved.
async function analysisRefused(gen) {
  app.esWait = true;  // shown as paused while the engine thinks
  renderAnalysis();
  for (;;) {
    const r = await refresh(gen);
    if (!r || r.changed) { if (r) afterChange(); return; }
    if (!app.analysing || !app.esWait) return;
    if (!r.st.searching) break;
    await sleep(POLL_MS);
    if (app.gen !== gen) return;
  }
  if (++app.esFails < ANALYSIS_TRIES) { startAnalysis(); return; }
  app.esWait = false;
  setMessage('The server would not analyse this position.', true);
  renderAnalysis();
}

// Ends the stream, keeping its lines.
function endStream() {
  app.es.close();
  app.es = null;
  renderAnalysis();
}

// Ends the stream and drops its lines and arrow: the analysed position is changing.
function closeStream() {
  if (app.es) {
    app.es.close();
    app.es = null;
  }
  app.esWait = false;
  if (app.lines.length) {
    app.lines = [];
    renderAnalysis();
    renderArrows();
  }
}

function toggleAnalysis() {
  app.analysing = !app.analysing;
  app.esFails = 0;
  if (app.analysing) {
    startAnalysis();
  } else {
    const wasOpen = !!app.es;
    closeStream();
    if (wasOpen && app.gameId) api('POST', gamePath('/stop')).catch(() => {});
  }
  renderAnalysis();
  renderArrows();
}

// ---------------------------------------------------------------------------------------------
// Pointer input: click a unit then a destination, or drag it there

function onPointerDown(e) {
  if (e.button !== 0) return;
  const sq = squareOf(e.target);
  if (app.promo) { clearSel(); return; }
  if (!sq) { clearSel(); return; }
  e.preventDefault();
  if (!canEnter()) return;
  const sel = app.sel;
  if (sel && sel.moves) {
    const { next, ending } = chainInfo(sel);
    if (next.includes(sq)) { advance(sq); return; }
    if (sel.prefix.length > 1 && sq === last(sel.prefix)) {
      if (ending.length) finish(ending);
      return;
    }
  }
  if (sel && sel.prefix.length === 1 && sq === sel.from) {
    app.drag = { from: sq, x0: e.clientX, y0: e.clientY, active: false, deselect: true };
    return;
  }
  const p = pieceAt(app.state, sq);
  if (p && p.color === app.state.side_to_move) {
    select(sq);
    app.drag = { from: sq, x0: e.clientX, y0: e.clientY, active: false, deselect: false };
    return;
  }
  clearSel();
}

function onPointerMove(e) {
  const d = app.drag;
  if (!d) return;
  if (!d.active) {
    if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_START_PX) return;
    if (!app.sel || app.sel.from !== d.from || app.sel.prefix.length !== 1) { app.drag = null; return; }
    d.active = true;
    Object.assign(d, ghostPiece(d.from));
    renderBoard();
  }
  if (d.ghost) {
    d.ghost.style.left = `${e.clientX - d.size / 2}px`;
    d.ghost.style.top = `${e.clientY - d.size / 2}px`;
  }
}

function onPointerUp(e) {
  const d = app.drag;
  if (!d) return;
  app.drag = null;
  if (!d.active) {
    if (d.deselect) clearSel();
    return;
  }
  if (d.ghost) d.ghost.remove();
  const target = squareAtPoint(e.clientX, e.clientY);
  const sel = app.sel;
  if (sel && sel.from === d.from && target && target !== d.from) {
    if (!sel.moves) sel.pendingDrop = target;
    else if (chainInfo(sel).next.includes(target)) { advance(target); return; }
  }
  renderBoard();
}

function onHover(e) {
  const sq = squareOf(e.target);
  if (sq !== app.hover) {
    app.hover = sq;
    renderHover();
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring

function bind() {
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onHover);
  board.addEventListener('pointerleave', () => { app.hover = null; renderHover(); });
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', (e) => onPointerUp(e));

  $('variant').addEventListener('change', () => { $('setting').value = ''; newGame(); });
  $('side').addEventListener('change', () => {
    app.side = $('side').value;
    app.flipped = app.side === 'black';
    renderAll();
    // A pending action goes on to the engine's turn itself.
    if (isEngineTurn() && !app.thinking && !app.action && app.viewPly === null) engineMove();
  });
  // The second click of a double click is no second action.
  const once = (id, fn) => $(id).addEventListener('click', (e) => { if (e.detail <= 1 && !app.action) fn(); });
  once('new-game', () => newGame());
  once('undo', undo);
  once('resign', resign);
  once('set-fen', setFen);
  $('flip').addEventListener('click', () => { app.flipped = !app.flipped; renderBoard(); });
  $('fen-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') setFen(); });
  $('copy-fen').addEventListener('click', () => { const st = viewedState(); if (st) copyText(st.fen, 'FEN'); });
  $('copy-pgn').addEventListener('click', copyPgn);
  $('analyse').addEventListener('click', toggleAnalysis);
  $('multipv').addEventListener('change', () => { if (app.analysing) startAnalysis(); });
  $('first').addEventListener('click', () => view(0));
  $('prev').addEventListener('click', () => step(-1));
  $('next').addEventListener('click', () => step(1));
  $('last').addEventListener('click', () => view(null));
  $('moves').addEventListener('click', (e) => {
    const el = e.target.closest('[data-ply]');
    if (el) view(parseInt(el.getAttribute('data-ply'), 10));
  });
  $('chain-stop').addEventListener('click', () => {
    const sel = app.sel;
    if (sel && sel.moves) { const { ending } = chainInfo(sel); if (ending.length) finish(ending); }
  });
  $('chain-cancel').addEventListener('click', clearSel);
  $('promotion').addEventListener('click', (e) => {
    const b = e.target.closest('[data-move]');
    if (b) playMove(b.getAttribute('data-move'));
  });
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', () => {
    const name = decodeURIComponent(location.hash.slice(1));
    if (app.variants.some((v) => v.name === name) && name !== $('variant').value) {
      $('variant').value = name;
      $('setting').value = '';
      newGame();
    }
  });
  window.addEventListener('pagehide', (e) => {
    closeStream();  // the server stops analysing; pageshow starts again
    // A page kept in the back/forward cache may come back, and needs its game then.
    if (app.gameId && !e.persisted) api('DELETE', gamePath(), undefined, { keepalive: true }).catch(() => {});
  });
  window.addEventListener('pageshow', (e) => { if (e.persisted) resync(); });
}

function onKey(e) {
  const tag = (e.target && e.target.tagName) || '';
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  if (e.key === 'Escape') clearSel();
  else if (e.key === 'ArrowLeft') step(-1);
  else if (e.key === 'ArrowRight') step(1);
  else if (e.key === 'Home') view(0);
  else if (e.key === 'End') view(null);
  else return;
  e.preventDefault();
}

async function init() {
  bind();
  syncBusy();
  renderStatus();
  try {
    app.variants = await api('GET', '/api/variants');
    fillVariants();
    await newGame();
  } catch (e) {
    setMessage(`Cannot reach the server: ${e.message}`, true);
  }
}

init();
})();
