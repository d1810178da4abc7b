// Tinman's web board, the drawing: the SVG board (squares, pieces, marks, arrows, coordinates,
// flip) and which square the pointer is over. It reads the page's state and never changes it.
// Loaded first, it starts window.TinmanBoard, the one namespace the page's scripts share.
'use strict';
(() => {

const S = 100;          // one square in SVG units
const MARGIN = 40;      // room for the coordinates, left and bottom
const PAD = 6;          // top and right

// The page's state, one object for all the scripts; app.js fills it in and alone changes it.
const app = {};

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const last = (a) => a[a.length - 1];

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

function pieceAt(st, sq) { return st.board.find((p) => p.square === sq); }

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
// The move being entered: the server's list, narrowed by the squares clicked so far

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

// ---------------------------------------------------------------------------------------------
// The position on show, and whose turn it is

function viewedState() {
  if (app.viewPly === null) return app.state;
  return app.cache[app.viewPly] || app.state;
}

function isEngineTurn() {
  const st = app.state;
  return !!st && !st.outcome && app.side !== 'both' && st.side_to_move !== app.side;
}

// Whether the user may enter a move now.
function canEnter() {
  const st = app.state;
  if (!st || app.viewPly !== null || st.outcome || app.action || app.thinking) return false;
  return app.side === 'both' || app.side === st.side_to_move;
}

// The analysis waits while the engine thinks over a move (its lines would be for the position
// before), and while the server refuses to analyse because of that.
function analysisPaused() {
  return !!app.thinking || isEngineTurn() || app.esWait;
}

// Whether the server's state `st` is another position than the page's.
function differs(st) {
  const cur = app.state;
  return !cur || st.fen !== cur.fen || st.history.length !== cur.history.length || !st.outcome !== !cur.outcome;
}

const resigned = (st) => !!(st && st.outcome && st.outcome.reason === 'resignation');

// How many plies Take back takes: a resignation alone (even at ply 0), else against the
// engine its reply too, unless it is still thinking about it.
function undoPlies(st) {
  if (resigned(st)) return 1;
  const plies = app.side === 'both' || app.thinking || isEngineTurn() ? 1 : 2;
  return Math.min(plies, st.history.length);
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

// The best move of analysis line 1 (only on the live position).
function renderArrows() {
  const g = $('arrows');
  if (!g) return;
  const best = app.analysing && app.viewPly === null && !analysisPaused() && app.lines[0] && app.lines[0].pv && app.lines[0].pv[0];
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
// Pointer → square

function squareOf(el) {
  const g = el && el.closest ? el.closest('[data-square]') : null;
  return g && g.closest('#squares') ? g.getAttribute('data-square') : null;
}

function squareAtPoint(x, y) { return squareOf(document.elementFromPoint(x, y)); }

// The dragged piece follows the pointer as an HTML element above the board, so that
// redrawing the board does not disturb it. Returns {ghost, size}; app.js places it.
function ghostPiece(sq) {
  const el = document.querySelector(`#squares [data-square="${sq}"] .base`);
  const p = pieceAt(app.state, sq);
  if (!el || !p) return { ghost: null, size: 0 };
  const size = el.getBoundingClientRect().width;
  const div = document.createElement('div');
  div.className = 'ghost';
  div.style.width = div.style.height = `${size}px`;
  const kind = kindOf(p.letter, p);
  div.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}">` +
    `${pieceSvg(kind, p.color, 4, 4, S - 8)}</svg>`;
  document.body.appendChild(div);
  return { ghost: div, size };
}

window.TinmanBoard = {
  app, S, $, esc, last, kindOf, pieceSvg, pieceAt,
  chainInfo, chainCaptured, viewedState, isEngineTurn, canEnter, analysisPaused, differs, resigned, undoPlies,
  renderBoard, renderArrows, renderHover, squareOf, squareAtPoint, ghostPiece,
};
})();
