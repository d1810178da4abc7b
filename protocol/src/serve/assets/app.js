// Tinman's web board: draws the server's state and sends the user's moves. Every rule lives in
// the server; this file only filters the server's move lists (docs/serve.md).
'use strict';
(() => {

const S = 100;          // one square in SVG units
const MARGIN = 40;      // room for the coordinates, left and bottom
const PAD = 6;          // top and right
const DRAG_START_PX = 5;

const app = {
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
};
window.tinman = { state: null, gameId: null, busy: false, lastCopied: null };

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const last = (a) => a[a.length - 1];

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
// Squares and pieces

function sqName(f, r) { return String.fromCharCode(97 + f) + (r + 1); }
function sqParse(name) { return { f: name.charCodeAt(0) - 97, r: parseInt(name.slice(1), 10) - 1 }; }

// Top-left corner of a square in SVG units, honouring the flip.
function sqPos(name) {
  const { f, r } = sqParse(name);
  const v = app.variant;
  const col = app.flipped ? v.width - 1 - f : f;
  const row = app.flipped ? r : v.height - 1 - r;
  return { x: MARGIN + col * S, y: PAD + row * S };
}
function sqCenter(name) { const p = sqPos(name); return { x: p.x + S / 2, y: p.y + S / 2 }; }

function kindOf(letter, fallback) {
  const up = String(letter).toUpperCase();
  const k = app.variant && app.variant.kinds.find((k) => k.letter.toUpperCase() === up);
  return k || { letter: up, name: (fallback && fallback.name) || up,
    picture: (fallback && fallback.picture) || '', royal: false, pawn: false };
}

const pieceCache = new Map();

// Inner markup of a piece picture in a 0 0 100 100 box (pieces.js, else a lettered disc).
function pieceMarkup(kind, color) {
  const key = `${kind.name}|${kind.letter}|${color}`;
  if (pieceCache.has(key)) return pieceCache.get(key);
  let inner = null;
  let viewBox = '0 0 100 100';
  try {
    if (window.TinmanPieces && typeof window.TinmanPieces.svg === 'function') {
      const m = String(window.TinmanPieces.svg(kind, color) || '').trim();
      const whole = m.match(/^<svg\b([^>]*)>([\s\S]*)<\/svg>$/i);
      if (whole) {
        const vb = whole[1].match(/viewBox\s*=\s*["']([^"']+)["']/i);
        if (vb) viewBox = vb[1];
        inner = whole[2];
      } else if (m) {
        inner = m;
      }
    }
  } catch (e) {
    console.warn('pieces.js failed for', kind, e);
  }
  if (!inner) inner = fallbackPiece(kind, color);
  const out = { inner, viewBox };
  pieceCache.set(key, out);
  return out;
}

function fallbackPiece(kind, color) {
  const white = color === 'white';
  return `<circle cx="50" cy="50" r="36" fill="${white ? '#fbfbf7' : '#2b2b2b'}" ` +
    `stroke="${white ? '#333' : '#ddd'}" stroke-width="4"/>` +
    `<text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-size="40" ` +
    `font-family="sans-serif" font-weight="700" fill="${white ? '#222' : '#f4f4f4'}">` +
    `${esc(kind.letter)}</text>`;
}

function pieceSvg(kind, color, x, y, size) {
  const p = pieceMarkup(kind, color);
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${p.viewBox}" ` +
    `overflow="visible">${p.inner}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Entering moves: the server's list, narrowed by the squares clicked so far

function startsWith(path, prefix) {
  if (path.length < prefix.length) return false;
  return prefix.every((sq, i) => path[i] === sq);
}

// What the selection allows next: the moves that end on the prefix's last square, and the
// squares the next click may go to.
function chainInfo(sel) {
  const cands = (sel.moves || []).filter((m) => startsWith(m.path, sel.prefix));
  const n = sel.prefix.length;
  const ending = cands.filter((m) => m.path.length === n);
  const next = [...new Set(cands.filter((m) => m.path.length > n).map((m) => m.path[n]))];
  return { cands, ending, next };
}

// Units already jumped in the chain so far: the square between two landings two steps apart
// that every remaining candidate captures.
function chainCaptured(sel) {
  if (!sel || !sel.moves || sel.prefix.length < 2) return [];
  const { cands } = chainInfo(sel);
  const out = [];
  for (let i = 1; i < sel.prefix.length; i++) {
    const a = sqParse(sel.prefix[i - 1]);
    const b = sqParse(sel.prefix[i]);
    const df = b.f - a.f;
    const dr = b.r - a.r;
    if (![-2, 0, 2].includes(df) || ![-2, 0, 2].includes(dr)) continue;
    const mid = sqName(a.f + df / 2, a.r + dr / 2);
    if (cands.length && cands.every((m) => (m.captured || []).includes(mid))) out.push(mid);
  }
  return out;
}

function canEnter() {
  const st = app.state;
  if (!st || app.viewPly !== null || st.outcome || app.posting || app.thinking) return false;
  return app.side === 'both' || app.side === st.side_to_move;
}

function pieceAt(st, sq) { return st.board.find((p) => p.square === sq); }

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

function viewedState() {
  if (app.viewPly === null) return app.state;
  return app.cache[app.viewPly] || app.state;
}

function isEngineTurn() {
  const st = app.state;
  return !!st && !st.outcome && app.side !== 'both' && st.side_to_move !== app.side;
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

// A score from the side to move's view, shown from White's: +1.23, -0.40, #5, #-3.
function fmtScore(score, stm) {
  const sign = stm === 'black' ? -1 : 1;
  if (score.mate !== undefined && score.mate !== null) {
    const n = sign * score.mate;
    return n < 0 ? `#-${-n}` : `#${n}`;
  }
  const v = (sign * (score.cp || 0)) / 100;
  return (v > 0 ? '+' : v < 0 ? '' : '') + v.toFixed(2);
}

// A line in SAN with move numbers from the analysed position.
function fmtPv(sans, stm, fullmove) {
  let n = fullmove || 1;
  let white = stm === 'white';
  const out = [];
  sans.forEach((san, i) => {
    if (white) out.push(`${n}.`);
    else if (i === 0) out.push(`${n}…`);
    out.push(san);
    if (!white) n++;
    white = !white;
  });
  return out.join(' ');
}

// The squares a move's text passes: its first square, each landing (every second leg's end
// for a jump chain), its last square.
function textSquares(text) {
  const legs = String(text).split(',');
  const sqs = legs.map((l) => l.match(/[a-z][0-9]+/g) || []);
  if (!sqs.length || !sqs[0].length) return [];
  const out = [sqs[0][0]];
  sqs.forEach((s, i) => { if ((i % 2 === 1 || i === legs.length - 1) && s.length > 1) out.push(s[1]); });
  return out.filter((sq, i) => i === 0 || sq !== out[i - 1]);
}

// ---------------------------------------------------------------------------------------------
// Board drawing

function svgDefs() {
  return `<defs>
  <pattern id="bricks" patternUnits="userSpaceOnUse" width="50" height="25">
    <rect width="50" height="25" fill="#f2c94c"/>
    <path d="M0 0.5H50M0 12.5H50M12.5 0V12.5M37.5 12.5V25" stroke="#c9962a" stroke-width="2" fill="none"/>
  </pattern>
  <radialGradient id="check-glow">
    <stop offset="0%" stop-color="#ff2a2a" stop-opacity="0.95"/>
    <stop offset="55%" stop-color="#e11" stop-opacity="0.55"/>
    <stop offset="100%" stop-color="#e11" stop-opacity="0"/>
  </radialGradient>
  <marker id="head-last" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse">
    <path d="M0 0L10 5L0 10z" fill="rgba(150,100,10,0.75)"/>
  </marker>
  <marker id="head-best" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="2.6" markerHeight="2.6" orient="auto-start-reverse">
    <path d="M0 0L10 5L0 10z" fill="rgba(25,110,200,0.8)"/>
  </marker>
</defs>`;
}

// The board's elements are built once per game and orientation; later drawing only changes
// what inside them has changed, so that elements (and WebDriver's references) stay put.
const boardDom = { key: null, squares: new Map() };

function buildBoard() {
  const svg = $('board');
  const v = app.variant;
  const w = MARGIN + v.width * S + PAD;
  const h = PAD + v.height * S + MARGIN;
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  const holes = holeSet();
  const out = ['<g id="squares">'];
  for (let r = 0; r < v.height; r++) {
    for (let f = 0; f < v.width; f++) {
      const sq = sqName(f, r);
      if (holes.has(sq)) continue;
      const { x, y } = sqPos(sq);
      out.push(`<g class="sq ${(f + r) % 2 === 0 ? 'dark' : 'light'}" data-square="${sq}">` +
        `<rect class="base" x="${x}" y="${y}" width="${S}" height="${S}"/><g class="tints"></g><g class="slot"></g></g>`);
    }
  }
  out.push('</g>');
  svg.innerHTML = svgDefs() + out.join('') + coordsLayer() +
    '<g id="marks" class="overlay"></g><g id="arrows" class="overlay"></g><g id="hover" class="overlay"></g>';
  boardDom.squares = new Map();
  svg.querySelectorAll('#squares > [data-square]').forEach((g) => {
    boardDom.squares.set(g.getAttribute('data-square'), {
      g, tints: g.querySelector('.tints'), slot: g.querySelector('.slot'), cls: g.getAttribute('class'), tintHtml: '', slotHtml: '',
    });
  });
}

function renderBoard() {
  const v = app.variant;
  const st = viewedState();
  if (!v || !st) { $('board').innerHTML = ''; boardDom.key = null; return; }
  const key = `${v.name}|${app.flipped}`;
  if (boardDom.key !== key) { buildBoard(); boardDom.key = key; }
  squareViews(st).forEach((view, sq) => {
    const dom = boardDom.squares.get(sq);
    if (!dom) return;
    if (dom.cls !== view.cls) { dom.g.setAttribute('class', view.cls); dom.cls = view.cls; }
    if (dom.tintHtml !== view.tints) { dom.tints.innerHTML = view.tints; dom.tintHtml = view.tints; }
    if (dom.slotHtml !== view.piece) { dom.slot.innerHTML = view.piece; dom.slotHtml = view.piece; }
  });
  $('marks').innerHTML = marksLayer(st);
  renderArrows();
  renderHover();
}

function holeSet() {
  return new Set((app.variant.holes || []).map((h) => (typeof h === 'string' ? h : sqName(h.file, h.rank))));
}

// What each square shows: its classes, its tints and its piece (markup).
function squareViews(st) {
  const road = new Set(st.road || []);
  const zone = new Set(st.zone || []);
  const lm = st.last_move;
  const lastPath = new Set(lm ? (lm.path && lm.path.length ? lm.path : [lm.from, lm.to]) : []);
  const sel = app.viewPly === null ? app.sel : null;
  const chainSqs = new Set(sel ? sel.prefix : []);
  const jumped = new Set(chainCaptured(sel));
  const pieces = new Map(st.board.map((p) => [p.square, p]));
  if (sel && sel.prefix.length > 1) {
    // Show the moving unit where the chain has got to.
    const mover = pieces.get(sel.from);
    pieces.delete(sel.from);
    if (mover) pieces.set(last(sel.prefix), { ...mover, square: last(sel.prefix), moving: true });
  }
  const royalInCheck = st.in_check ? royalSquare(st) : null;
  const views = new Map();
  boardDom.squares.forEach((dom, sq) => {
    const { x, y } = sqPos(sq);
    const dark = dom.g.classList.contains('dark');
    const cls = ['sq', dark ? 'dark' : 'light'];
    const tints = [];
    if (road.has(sq)) { cls.push('road'); tints.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="url(#bricks)" opacity="${dark ? 0.62 : 0.5}"/>`); }
    if (zone.has(sq)) { cls.push('zone'); tints.push(tintRect(x, y, 'rgba(90,160,255,0.17)')); }
    if (lastPath.has(sq)) { cls.push('last'); tints.push(tintRect(x, y, 'rgba(230,200,40,0.42)')); }
    if (chainSqs.has(sq)) { cls.push('selected'); tints.push(tintRect(x, y, 'rgba(60,150,90,0.45)')); }
    if (sq === royalInCheck) { cls.push('check'); tints.push(`<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.55}" fill="url(#check-glow)"/>`); }
    const p = pieces.get(sq);
    views.set(sq, { cls: cls.join(' '), tints: tints.join(''), piece: p ? pieceGroup(p, x, y, jumped.has(sq)) : '' });
  });
  return views;
}

function tintRect(x, y, fill) {
  return `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${fill}"/>`;
}

function pieceGroup(p, x, y, jumped) {
  const color = p.color === 'black' ? 'black' : 'white';
  const kind = kindOf(p.letter, p);
  const code = (color === 'white' ? 'w' : 'b') + kind.letter.toUpperCase();
  const dragging = app.drag && app.drag.active && app.drag.from === p.square && !p.moving;
  const cls = ['piece'];
  if (dragging) cls.push('dragging');
  if (jumped) cls.push('jumped');
  if (p.moving) cls.push('moving');
  let badge = '';
  if (p.height !== null && p.height !== undefined) {
    const level = p.height <= 2 ? 'h-low' : p.height === 3 ? 'h-mid' : p.height === 4 ? 'h-high' : 'h-top';
    badge = `<g class="height ${level}" data-height="${p.height}">` +
      `<circle cx="${x + S - 17}" cy="${y + 17}" r="14"/>` +
      `<text x="${x + S - 17}" y="${y + 18}" text-anchor="middle" dominant-baseline="central">${esc(p.height)}</text></g>`;
  }
  return `<g class="${cls.join(' ')}" data-piece="${code}" data-square="${p.square}">` +
    `<title>${esc(color)} ${esc(p.name || kind.name)}</title>` +
    pieceSvg(kind, color, x + 4, y + 4, S - 8) + badge + '</g>';
}

function royalSquare(st) {
  const royal = new Set(app.variant.kinds.filter((k) => k.royal).map((k) => k.letter.toUpperCase()));
  const p = st.board.find((q) => q.color === st.side_to_move && royal.has(String(q.letter).toUpperCase()));
  return p ? p.square : null;
}

function coordsLayer() {
  const v = app.variant;
  const out = ['<g class="coords">'];
  for (let f = 0; f < v.width; f++) {
    const { x } = sqCenter(sqName(f, 0));
    out.push(`<text x="${x}" y="${PAD + v.height * S + MARGIN / 2 + 2}">${String.fromCharCode(97 + f)}</text>`);
  }
  for (let r = 0; r < v.height; r++) {
    const { y } = sqCenter(sqName(0, r));
    out.push(`<text x="${MARGIN / 2}" y="${y + 2}">${r + 1}</text>`);
  }
  out.push('</g>');
  return out.join('');
}

// Last move (its leg path, captures, Tornado squares) and the move being entered.
function marksLayer(st) {
  const out = [];
  if ((st.zone || []).length) out.push(zoneOutline(st.zone));
  const lm = st.last_move;
  if (lm) {
    let path = lm.path && lm.path.length ? lm.path : [lm.from, lm.to];
    // A road double move with only one possible Tornado went through it.
    if (path.length === 2 && (lm.tornado || []).length === 1) path = [path[0], lm.tornado[0], path[1]];
    if (path.length > 1) out.push(polyline(path, 'last-path', 'head-last'));
    (lm.captured || []).forEach((sq) => out.push(crossMark(sq, 'captured')));
    (lm.tornado || []).forEach((sq) => out.push(swirlMark(sq, 'tornado')));
    // Wazirs that vanished at the end of the move (imawazir).
    (lm.vanished || []).forEach((sq) => out.push(ringMark(sq, 'vanished')));
  }
  const sel = app.viewPly === null ? app.sel : null;
  if (sel && sel.moves) {
    const { next } = chainInfo(sel);
    const pieces = new Set(st.board.filter((p) => p.square !== sel.from).map((p) => p.square));
    next.forEach((sq) => out.push(destMark(sq, pieces.has(sq), sel)));
    if (sel.prefix.length > 1) out.push(polyline(sel.prefix, 'chain-path', null));
    chainCaptured(sel).forEach((sq) => out.push(crossMark(sq, 'chain-captured')));
  }
  return out.join('');
}

// The edges of the zone's squares that border squares outside it.
function zoneOutline(zone) {
  const inside = new Set(zone);
  const segs = [];
  zone.forEach((sq) => {
    const { f, r } = sqParse(sq);
    const { x, y } = sqPos(sq);
    // Screen sides of the square: neighbours in board terms depend on the flip.
    const up = app.flipped ? -1 : 1;
    const right = app.flipped ? -1 : 1;
    if (!inside.has(sqName(f, r + up))) segs.push(`M${x} ${y}H${x + S}`);
    if (!inside.has(sqName(f, r - up))) segs.push(`M${x} ${y + S}H${x + S}`);
    if (!inside.has(sqName(f - right, r))) segs.push(`M${x} ${y}V${y + S}`);
    if (!inside.has(sqName(f + right, r))) segs.push(`M${x + S} ${y}V${y + S}`);
  });
  return `<path class="zone-outline" d="${segs.join('')}"/>`;
}

function destMark(sq, occupied, sel) {
  const { x, y } = sqCenter(sq);
  const road = chainInfo(sel).cands.some((m) => m.path[sel.prefix.length] === sq && (m.tornado || []).length);
  const cls = `dest${occupied ? ' occupied' : ''}${road ? ' road-move' : ''}`;
  return occupied
    ? `<circle class="${cls}" data-square="${sq}" cx="${x}" cy="${y}" r="${S * 0.44}"/>`
    : `<circle class="${cls}" data-square="${sq}" cx="${x}" cy="${y}" r="${S * 0.15}"/>`;
}

function polyline(squares, cls, head) {
  const pts = squares.map(sqCenter);
  // Stop a little short of the last centre so the arrowhead does not hide the piece.
  const a = pts[pts.length - 2];
  const b = pts[pts.length - 1];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const cut = Math.min(18, len / 3);
  const end = { x: b.x - ((b.x - a.x) / len) * cut, y: b.y - ((b.y - a.y) / len) * cut };
  const all = pts.slice(0, -1).concat(end).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return `<polyline class="${cls}" points="${all}"${head ? ` marker-end="url(#${head})"` : ''}/>`;
}

function crossMark(sq, cls) {
  const { x, y } = sqCenter(sq);
  const d = S * 0.22;
  return `<g class="${cls}" data-square="${sq}"><circle cx="${x}" cy="${y}" r="${S * 0.4}"/>` +
    `<path d="M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}"/></g>`;
}

function ringMark(sq, cls) {
  const { x, y } = sqCenter(sq);
  return `<g class="${cls}" data-square="${sq}"><circle cx="${x}" cy="${y}" r="${S * 0.4}"/></g>`;
}

function swirlMark(sq, cls) {
  const { x, y } = sqCenter(sq);
  // A small spiral inside a dashed ring: the Tornado.
  const pts = [];
  for (let t = 0; t <= 4 * Math.PI; t += 0.35) {
    const r = 3 + t * 2.6;
    pts.push(`${(x + r * Math.cos(t)).toFixed(1)},${(y + r * Math.sin(t)).toFixed(1)}`);
  }
  return `<g class="${cls}" data-square="${sq}"><circle cx="${x}" cy="${y}" r="${S * 0.43}"/>` +
    `<polyline points="${pts.join(' ')}"/></g>`;
}

// The best move of analysis line 1 (only on the live position).
function renderArrows() {
  const g = $('arrows');
  if (!g) return;
  const best = app.analysing && app.viewPly === null && app.lines[0] && app.lines[0].pv && app.lines[0].pv[0];
  const sqs = best ? textSquares(best) : [];
  g.innerHTML = sqs.length > 1 ? polyline(sqs, 'best-arrow', 'head-best') : '';
}

// Hovering a destination of a road double move shows the squares that can be its Tornado.
function renderHover() {
  const g = $('hover');
  if (!g) return;
  const sel = app.sel;
  let out = '';
  if (sel && sel.moves && app.hover && app.viewPly === null) {
    const n = sel.prefix.length;
    const tor = new Set();
    chainInfo(sel).cands.filter((m) => m.path[n] === app.hover).forEach((m) => (m.tornado || []).forEach((t) => tor.add(t)));
    out = [...tor].map((sq) => swirlMark(sq, 'tornado hover-tornado')).join('');
  }
  g.innerHTML = out;
}

// ---------------------------------------------------------------------------------------------
// Pointer input: click a unit then a destination, or drag it there

function squareOf(el) {
  const g = el && el.closest ? el.closest('[data-square]') : null;
  return g && g.closest('#squares') ? g.getAttribute('data-square') : null;
}

function squareAtPoint(x, y) { return squareOf(document.elementFromPoint(x, y)); }

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
// Panel drawing

function renderAll() {
  renderTitle();
  renderBoard();
  renderMoves();
  renderStatus();
  renderChain();
  renderPromo();
  renderAnalysis();
  renderControls();
}

function renderTitle() {
  const v = app.variant;
  $('title').textContent = v ? v.title : '';
  document.title = v ? `Tinman — ${v.title}` : 'Tinman';
}

function startNumbering(st) {
  const f = String(st.start_fen || '').split(/\s+/);
  return { white: f[1] !== 'b', full: parseInt(f[5], 10) || 1 };
}

function renderMoves() {
  const ol = $('moves');
  const st = app.state;
  if (!st) { ol.innerHTML = ''; return; }
  const { white, full } = startNumbering(st);
  const cur = app.viewPly === null ? st.history.length : app.viewPly;
  const rows = [];
  let row = null;
  let num = full;
  let w = white;
  st.history.forEach((m, i) => {
    const ply = i + 1;
    if (w || !row) {
      row = { num, cells: w ? [] : ['<span class="mv empty">…</span>'] };
      rows.push(row);
    }
    row.cells.push(`<span class="mv${ply === cur ? ' current' : ''}" data-ply="${ply}" ` +
      `title="${esc(m.text)}">${esc(m.san || m.text)}</span>`);
    if (!w) num++;
    w = !w;
  });
  ol.innerHTML = rows.map((r) => `<li><span class="num">${r.num}.</span>${r.cells.join('')}</li>`).join('');
  const curEl = ol.querySelector('.current');
  if (curEl) curEl.scrollIntoView({ block: 'nearest' });
}

function statusText() {
  const st = app.state;
  if (!st) return 'Connecting…';
  if (app.viewPly !== null) return `Viewing ply ${app.viewPly} of ${st.history.length} — >| returns to the game`;
  if (st.outcome) return 'Game over';
  if (app.thinking) return 'Engine thinking…';
  if (app.posting) return 'Sending move…';
  const side = st.side_to_move === 'white' ? 'White' : 'Black';
  let t = `${side} to move${st.in_check ? ' — check' : ''}`;
  if (isEngineTurn()) t += ' (engine)';
  return t;
}

function renderStatus() {
  const el = $('status');
  const m = app.message;
  const note = app.engineNote && !m && app.viewPly === null && !app.thinking ? ` · ${app.engineNote}` : '';
  el.textContent = m ? m.text : statusText() + note;
  el.classList.toggle('error', !!(m && m.error));
  el.classList.toggle('thinking', !!app.thinking);
  const res = $('result');
  const st = app.state;
  const o = st && st.outcome;
  res.hidden = !o;
  res.textContent = o ? `${o.result} — ${o.text || o.reason}` : '';
}

function renderChain() {
  const sel = app.sel;
  const box = $('chain');
  if (!sel || !sel.moves || sel.prefix.length < 2 || app.promo) { box.hidden = true; return; }
  const { ending, next } = chainInfo(sel);
  box.hidden = false;
  const caught = chainCaptured(sel);
  $('chain-text').textContent = `Jumps: ${sel.prefix.join(' → ')}` +
    (caught.length ? ` (takes ${caught.join(', ')})` : '') +
    (next.length ? ' — click the next landing' : '');
  $('chain-stop').hidden = !ending.length;
}

function renderPromo() {
  const box = $('promotion');
  const pr = app.promo;
  if (!pr) { box.hidden = true; box.innerHTML = ''; return; }
  const color = app.state.side_to_move;
  box.innerHTML = '<div class="promo-title">Promote to</div>' + pr.moves.map((m) => {
    const kind = kindOf(m.promotion);
    return `<button data-promotion="${esc(String(m.promotion).toUpperCase())}" data-move="${esc(m.text)}" title="${esc(kind.name)}">` +
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}">${pieceSvg(kind, color, 0, 0, S)}</svg></button>`;
  }).join('');
  box.hidden = false;
}

function renderAnalysis() {
  const btn = $('analyse');
  btn.textContent = app.analysing ? 'Stop' : 'Analyse';
  btn.setAttribute('aria-pressed', String(app.analysing));
  btn.classList.toggle('on', app.analysing);
  const box = $('analysis');
  const info = $('analysis-info');
  if (!app.analysing) { box.textContent = ''; info.textContent = ''; return; }
  if (app.thinking || isEngineTurn()) info.textContent = 'paused while the engine thinks';
  else if (app.es) info.textContent = app.lines[0] ? `depth ${app.lines[0].depth}, ${fmtNodes(app.lines[0])}` : 'starting…';
  else info.textContent = app.lines.length ? 'finished' : '';
  // One element per line, kept and updated in place (the lines change many times a second).
  const lines = app.lines.filter(Boolean);
  while (box.children.length > lines.length) box.lastChild.remove();
  lines.forEach((l, i) => {
    let el = box.children[i];
    if (!el) {
      el = document.createElement('div');
      el.className = 'line';
      el.innerHTML = '<span class="score"></span><span class="depth"></span><span class="pv"></span>';
      box.appendChild(el);
    }
    el.setAttribute('data-multipv', l.multipv);
    el.children[0].textContent = fmtScore(l.score || {}, app.esSide);
    el.children[1].textContent = l.depth;
    el.children[2].textContent = fmtPv(l.pv_san || l.pv || [], app.esSide, app.esFullmove);
  });
}

function fmtNodes(l) {
  if (!l.nps) return '';
  return l.nps >= 1e6 ? `${(l.nps / 1e6).toFixed(1)} Mn/s` : `${Math.round(l.nps / 1e3)} kn/s`;
}

function renderControls() {
  const st = app.state;
  const n = st ? st.history.length : 0;
  const cur = app.viewPly === null ? n : app.viewPly;
  $('first').disabled = $('prev').disabled = cur === 0;
  $('next').disabled = $('last').disabled = app.viewPly === null;
  $('undo').disabled = !st || n === 0;
  $('resign').disabled = !st || !!st.outcome;
  const v = app.variant;
  const row = $('setting-row');
  row.hidden = !(v && v.setting);
  if (v && v.setting) {
    $('setting-label').textContent = v.setting.name;
    $('setting').placeholder = v.setting.default || '';
  }
  if (st && document.activeElement !== $('fen-input')) $('fen-input').value = viewedState().fen;
  $('board-area').classList.toggle('browsing', app.viewPly !== null);
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
