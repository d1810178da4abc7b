// Tinman's web board: draws the server's state and sends the user's moves. Every rule lives in
// the server; the page only filters the server's move lists (docs/serve.md). This file holds
// the state, the server calls and the input; board.js and panel.js draw.
'use strict';
(() => {

const DRAG_START_PX = 5;

const {
  app, S, $, esc, last, kindOf, pieceSvg, pieceAt, chainInfo, viewedState, isEngineTurn,
  renderBoard, renderArrows, renderHover, squareOf, squareAtPoint,
  renderAll, renderStatus, renderChain, renderPromo, renderAnalysis, fmtScore,
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
  pending: 0, posting: false, thinking: 0, gen: 0,
  es: null, lines: [], esSide: 'white', analysing: false,
  message: null, engineNote: '',
});
window.tinman = { state: null, gameId: null, busy: false, lastCopied: null };

// ---------------------------------------------------------------------------------------------
// Server

async function api(method, path, body) {
  app.pending++;
  syncBusy();
  try {
    const init = { method };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
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

const gamePath = (rest) => `/api/games/${encodeURIComponent(app.gameId)}${rest || ''}`;

function syncBusy() {
  window.tinman.busy = app.pending > 0 || app.thinking > 0 || app.posting;
  window.tinman.gameId = app.gameId;
  document.body.classList.toggle('busy', window.tinman.busy);
}

// ---------------------------------------------------------------------------------------------
// Entering moves: pick a unit, go on landing by landing, play (chainInfo narrows the list)

function canEnter() {
  const st = app.state;
  if (!st || app.viewPly !== null || st.outcome || app.posting || app.thinking) return false;
  return app.side === 'both' || app.side === st.side_to_move;
}

async function select(sq) {
  const sel = { from: sq, moves: null, prefix: [sq] };
  app.sel = sel;
  app.promo = null;
  app.message = null;
  renderBoard();
  renderChain();
  try {
    const moves = await api('GET', gamePath(`/moves?from=${encodeURIComponent(sq)}`));
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
    setMessage(e.message, true);
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

async function newGame() {
  const name = $('variant').value;
  app.variant = app.variants.find((v) => v.name === name) || app.variants[0];
  closeStream();
  const old = app.gameId;
  const body = { variant: app.variant.name };
  const fen = settingFen();
  if (fen) body.fen = fen;
  try {
    const st = await api('POST', '/api/games', body);
    app.gameId = st.id;
    syncBusy();
    setState(st, true);
    app.engineNote = '';
    if (old) fetch(`/api/games/${encodeURIComponent(old)}`, { method: 'DELETE' }).catch(() => {});
    if (history.replaceState) history.replaceState(null, '', `#${app.variant.name}`);
    afterChange();
  } catch (e) {
    setMessage(e.message, true);
    renderAll();
  }
}

// The start FEN with the user's setting (the wizardoz road), if it differs from the default.
function settingFen() {
  const set = app.variant.setting;
  const value = $('setting').value.trim();
  if (!set || !value || value === set.default) return null;
  const fields = app.variant.start_fen.split(/\s+/);
  const i = fields.findIndex((t) => t.startsWith(set.fen_prefix));
  if (i >= 0) fields[i] = set.fen_prefix + value;
  else fields.push(set.fen_prefix + value);
  return fields.join(' ');
}

async function playMove(text) {
  app.sel = null;
  app.promo = null;
  closeStream();
  app.posting = true;
  syncBusy();
  renderAll();
  try {
    const st = await api('POST', gamePath('/move'), { move: text });
    app.posting = false;
    setState(st);
    afterChange();
  } catch (e) {
    app.posting = false;
    syncBusy();
    await refresh();
    setMessage(e.message, true);
    renderAll();
    if (app.analysing) startAnalysis();
  }
}

// After a refusal: the server's state is the truth (it may have changed under the page).
async function refresh() {
  try {
    const st = await api('GET', gamePath());
    if (!app.state || st.fen !== app.state.fen || st.history.length !== app.state.history.length) setState(st);
  } catch (_) { /* keep what we have */ }
}

function engineLimit() {
  const depth = parseInt($('depth').value, 10);
  if (depth > 0) return { depth };
  const ms = parseInt($('movetime').value, 10);
  return { movetime_ms: ms > 0 ? ms : 1000 };
}

async function engineMove() {
  const token = ++app.thinking;  // a later request supersedes this one
  const gen = app.gen;
  syncBusy();
  renderAll();
  try {
    if (app.es) {
      closeStream();
      await api('POST', gamePath('/stop'), {}).catch(() => {});
    }
    if (app.gen !== gen) return;
    const r = await api('POST', gamePath('/engine'), engineLimit());
    if (app.gen !== gen) return;
    const mover = app.state.side_to_move;
    app.thinking = 0;
    setState(r.state);
    app.engineNote = `Engine played ${r.san || r.move}` +
      (r.score ? ` (${fmtScore(r.score, mover)}, depth ${r.depth})` : '');
    afterChange();
  } catch (e) {
    if (e.status !== 409 && app.gen === gen) setMessage(e.message, true);
  } finally {
    if (app.thinking === token) { app.thinking = 0; syncBusy(); renderAll(); }
  }
}

async function undo() {
  const st = app.state;
  if (!st) return;
  // Against the engine take back its reply too, unless it is still thinking about it.
  let plies = app.side === 'both' || app.thinking ? 1 : (isEngineTurn() ? 1 : 2);
  plies = Math.min(plies, st.history.length);
  if (!plies) return;
  closeStream();
  app.thinking = 0;
  try {
    const ns = await api('POST', gamePath('/undo'), { plies });
    setState(ns);
    app.engineNote = '';
    // Usually the user's turn again; the engine's only when it had the first move.
    afterChange();
  } catch (e) {
    setMessage(e.message, true);
  }
}

async function setFen() {
  const fen = $('fen-input').value.trim();
  if (!fen) { setMessage('Type a FEN first.', true); return; }
  closeStream();
  try {
    const st = await api('POST', gamePath('/position'), { fen });
    setState(st, true);
    app.engineNote = '';
    afterChange();
  } catch (e) {
    setMessage(e.message, true);
    if (app.analysing) startAnalysis();
  }
}

async function resign() {
  const st = app.state;
  if (!st || st.outcome) return;
  const side = app.side === 'both' ? st.side_to_move : app.side;
  closeStream();
  try {
    setState(await api('POST', gamePath('/resign'), { side }));
    renderAll();
  } catch (e) {
    setMessage(e.message, true);
  }
}

async function copyText(text, what) {
  window.tinman.lastCopied = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    // No clipboard API (plain http, no permission): the old way.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand('copy'); } catch (_) { /* nothing more to try */ }
    ta.remove();
  }
  setMessage(`${what} copied.`);
}

async function copyPgn() {
  try {
    const pgn = await api('GET', gamePath('/pgn'));
    copyText(typeof pgn === 'string' ? pgn : JSON.stringify(pgn), 'PGN');
  } catch (e) {
    setMessage(e.message, true);
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
  const n = $('multipv').value;
  const es = new EventSource(gamePath(`/analysis?multipv=${encodeURIComponent(n)}`));
  app.es = es;
  app.lines = [];
  app.esSide = app.state.side_to_move;
  app.esFullmove = app.state.fullmove;
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
  es.addEventListener('done', () => { if (app.es === es) { closeStream(); renderAnalysis(); } });
  es.onerror = () => { if (app.es === es) { closeStream(); renderAnalysis(); } };
  renderAnalysis();
}

function closeStream() {
  if (app.es) {
    app.es.close();
    app.es = null;
  }
}

function toggleAnalysis() {
  app.analysing = !app.analysing;
  if (app.analysing) {
    startAnalysis();
  } else {
    const wasOpen = !!app.es;
    closeStream();
    app.lines = [];
    if (wasOpen && app.gameId) api('POST', gamePath('/stop'), {}).catch(() => {});
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
    d.ghost = makeGhost(d.from);
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

// The dragged piece follows the pointer as an HTML element above the board, so that
// redrawing the board does not disturb it.
function makeGhost(sq) {
  const el = document.querySelector(`#squares [data-square="${sq}"] .base`);
  const p = pieceAt(app.state, sq);
  if (!el || !p) return null;
  const size = el.getBoundingClientRect().width;
  app.drag.size = size;
  const div = document.createElement('div');
  div.className = 'ghost';
  div.style.width = div.style.height = `${size}px`;
  const kind = kindOf(p.letter, p);
  div.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}">` +
    `${pieceSvg(kind, p.color, 4, 4, S - 8)}</svg>`;
  document.body.appendChild(div);
  return div;
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

function fillVariants() {
  const sel = $('variant');
  sel.innerHTML = app.variants.map((v) => `<option value="${esc(v.name)}">${esc(v.title || v.name)}</option>`).join('');
  const wanted = decodeURIComponent(location.hash.slice(1));
  const pick = app.variants.find((v) => v.name === wanted) || app.variants.find((v) => v.name === 'normal') || app.variants[0];
  sel.value = pick.name;
  app.variant = pick;
}

function bind() {
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onHover);
  board.addEventListener('pointerleave', () => { app.hover = null; renderHover(); });
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', (e) => onPointerUp(e));

  $('variant').addEventListener('change', () => { $('setting').value = ''; newGame(); });
  $('new-game').addEventListener('click', newGame);
  $('side').addEventListener('change', () => {
    app.side = $('side').value;
    app.flipped = app.side === 'black';
    renderAll();
    if (isEngineTurn() && !app.thinking && app.viewPly === null) engineMove();
  });
  $('undo').addEventListener('click', undo);
  $('resign').addEventListener('click', resign);
  $('flip').addEventListener('click', () => { app.flipped = !app.flipped; renderBoard(); });
  $('set-fen').addEventListener('click', setFen);
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
  window.addEventListener('pagehide', () => {
    if (app.gameId) fetch(gamePath(), { method: 'DELETE', keepalive: true }).catch(() => {});
  });
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
