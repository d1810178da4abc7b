// Tinman's web board, the side panel: title, move list, status, jump chain, promotion choice,
// analysis lines and the controls' state. Like board.js it only reads the page's state.
'use strict';
(() => {

const {
  app, S, $, esc, kindOf, pieceSvg, chainInfo, chainCaptured, viewedState, isEngineTurn, analysisPaused,
  resigned, renderBoard,
} = window.TinmanBoard;

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
  if (app.action && app.action.name === 'move') return 'Sending move…';
  const side = st.side_to_move === 'white' ? 'White' : 'Black';
  let t = `${side} to move${st.in_check ? ' — check' : ''}`;
  if (isEngineTurn()) t += ' (engine)';
  return t;
}

function renderStatus() {
  const el = $('status');
  const m = app.message;
  const live = !m && app.viewPly === null;
  const note = (live && app.notice ? ` · ${app.notice.text}` : '') +
    (live && app.engineNote && !app.thinking ? ` · ${app.engineNote}` : '');
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
  const paused = analysisPaused();
  if (paused) info.textContent = 'paused while the engine thinks';
  else if (app.es) info.textContent = app.lines[0] ? `depth ${app.lines[0].depth}, ${fmtNodes(app.lines[0])}` : 'starting…';
  else info.textContent = app.lines.length ? 'finished' : '';
  // One element per line, kept and updated in place (the lines change many times a second).
  // None while paused: the lines there were for the position before the engine's move.
  const lines = paused ? [] : app.lines.filter(Boolean);
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
  // One action at a time (app.js): its buttons wait for the pending one.
  const acting = !!app.action;
  $('new-game').disabled = $('set-fen').disabled = acting;
  $('undo').disabled = acting || !st || (n === 0 && !resigned(st));  // a resignation at ply 0 too
  $('resign').disabled = acting || !st || !!st.outcome;
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

// ---------------------------------------------------------------------------------------------
// The controls read, and the clipboard

function fillVariants() {
  const sel = $('variant');
  sel.innerHTML = app.variants.map((v) => `<option value="${esc(v.name)}">${esc(v.title || v.name)}</option>`).join('');
  const wanted = decodeURIComponent(location.hash.slice(1));
  const pick = app.variants.find((v) => v.name === wanted) || app.variants.find((v) => v.name === 'normal') || app.variants[0];
  sel.value = pick.name;
}

// The start FEN of `variant` with the user's setting (the wizardoz road), if it differs from
// the default.
function settingFen(variant) {
  const set = variant.setting;
  const value = $('setting').value.trim();
  if (!set || !value || value === set.default) return null;
  const fields = variant.start_fen.split(/\s+/);
  const i = fields.findIndex((t) => t.startsWith(set.fen_prefix));
  if (i >= 0) fields[i] = set.fen_prefix + value;
  else fields.push(set.fen_prefix + value);
  return fields.join(' ');
}

function engineLimit() {
  const depth = parseInt($('depth').value, 10);
  if (depth > 0) return { depth };
  const ms = parseInt($('movetime').value, 10);
  return { movetime_ms: ms > 0 ? ms : 1000 };
}

async function toClipboard(text) {
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
}

Object.assign(window.TinmanBoard, {
  renderAll, renderStatus, renderChain, renderPromo, renderAnalysis, fmtScore,
  fillVariants, settingFen, engineLimit, toClipboard,
});
})();
