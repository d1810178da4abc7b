// Tinman's piece pictures for the browser board.
// Copyright (C) the Tinman authors. GPL-3.0-or-later.
//
// Every drawing here is original to Tinman: simple SVG paths on a 100x100 view box.
// TinmanPieces.svg(kind, color) picks a drawing by the kind's exact name first (so that,
// say, the desert and oasis pieces look like what they are), then by its picture, and
// falls back to a disc with the FEN letter, so no kind is ever blank.
(function () {
  "use strict";

  // Sand and oasis accents: mid-tone colours, so they show on the white and the black body.
  const SAND = "#d9a441";
  const OASIS = "#2a9d8f";
  const W = 3; // outline width: about 1.2 px at 40 px squares, 2.4 px at 80 px

  // White: ivory body, dark outline and details. Black: dark body whose inner details are
  // drawn light, since dark lines would vanish in the dark fill.
  function palette(color) {
    return color === "black"
      ? { fill: "#333", line: "#111", detail: "#ece6d6", black: true }
      : { fill: "#fffdf5", line: "#222", detail: "#222", black: false };
  }

  // ---- drawing helpers -------------------------------------------------------------------

  // A filled part of the body, outlined.
  function part(p, d, extra) {
    return `<path d="${d}" fill="${p.fill}" stroke="${p.line}" stroke-width="${W}"` +
      ` stroke-linejoin="round"${extra || ""}/>`;
  }
  function disc(p, x, y, r) {
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.fill}" stroke="${p.line}" stroke-width="${W}"/>`;
  }
  // A detail line in the contrasting colour (dark on white, light on black).
  function mark(p, d, w) {
    return `<path d="${d}" fill="none" stroke="${p.detail}" stroke-width="${w || 2.5}"` +
      ` stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  // A detail line only black needs: on white the overlapping outlines already show the seam.
  function seam(p, d) {
    return p.black ? mark(p, d, 2) : "";
  }
  function dot(p, x, y, r) {
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.detail}"/>`;
  }
  // Accent shapes are edged dark on white and light on black, so they stand off either body.
  function accent(p, colour, d, w) {
    const line = (c, width) => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${width}"` +
      ` stroke-linecap="round" stroke-linejoin="round"/>`;
    return (p.black ? line(p.detail, w + 2) : "") + line(colour, w);
  }
  function accentFill(p, colour, d) {
    return `<path d="${d}" fill="${colour}" stroke="${p.black ? p.detail : "#222"}" stroke-width="1.3"` +
      ` stroke-linejoin="round"/>`;
  }

  // The plinth every figurine stands on (y 79..90), shared so the set lines up.
  function plinth(p) {
    return part(p, "M20 90H80V85.5Q80 79 73.5 79H26.5Q20 79 20 85.5Z") + seam(p, "M26 84H74");
  }

  // ---- classic figurines -------------------------------------------------------------------

  // Pawn: ball head, collar, flared body. The simplest silhouette, so it reads as "pawn".
  function pawn(p) {
    return part(p, "M39 45C39 58 31 67 28 79H72C69 67 61 58 61 45Z") +
      plinth(p) +
      part(p, "M34 44.5Q34 39 39.5 39H60.5Q66 39 66 44.5Q66 48 61 48H39Q34 48 34 44.5Z") +
      disc(p, 50, 27, 12.5) +
      seam(p, "M32 76H68");
  }

  // Berolina pawn: a pawn with a chevron on its body pointing to its two diagonal moves.
  function berolina(p) {
    return pawn(p) + mark(p, "M40 59L50 71L60 59M40 59h4.5M40 59v4.5M60 59h-4.5M60 59v4.5", 3.4);
  }

  // Knight: a horse's head facing left, with ears, eye, nostril and a mane line.
  function knight(p) {
    return part(p, "M30 79C30 69 38 62 46 56C40 56 33 60 27 63C22 65 17 63 15 59" +
        "C13 55 14 51 17 48L35 27C37 22 40 19 43 18L45 8L53 16C69 20 80 38 77 60" +
        "C76 68 74 74 74 79Z") +
      plinth(p) +
      mark(p, "M57 21C68 27 73 40 70 58") +
      dot(p, 38, 31, 2.8) +
      dot(p, 20, 51, 1.8) +
      mark(p, "M15 58.5L21 57.5", 2) +
      seam(p, "M34 76H70");
  }

  // Bishop: the mitre with its slit, a ball on top, collar and flared body.
  function bishop(p) {
    return part(p, "M40 58C39 66 32 72 29 79H71C68 72 61 66 60 58Z") +
      plinth(p) +
      part(p, "M35 56Q35 52 39 52H61Q65 52 65 56Q65 60 61 60H39Q35 60 35 56Z") +
      part(p, "M50 17C61 25 68 36 66 45C65 51 58 53 50 53C42 53 35 51 34 45C32 36 39 25 50 17Z") +
      disc(p, 50, 13, 5) +
      mark(p, "M56 29L47 40", 3) +
      seam(p, "M33 76H67");
  }

  // Rook: a tower with three merlons.
  function rook(p) {
    return part(p, "M35 32L33 72H67L65 32Z") +
      part(p, "M28 72H72V79H28Z") +
      plinth(p) +
      part(p, "M26 15H37V21H44.5V15H55.5V21H63V15H74V32H26Z") +
      seam(p, "M30 29H70M37 36H63M36 68H64");
  }

  // Queen: a five-pointed crown with balls on the points.
  function queen(p) {
    const tips = [[19, 27], [34, 20], [50, 15], [66, 20], [81, 27]];
    return part(p, "M33 70C32 74 27 77 25 79H75C73 77 68 74 67 70Z") +
      plinth(p) +
      part(p, "M29 66L19 27L33 49L34 20L44 46L50 15L56 46L66 20L67 49L81 27L71 66Z") +
      tips.map(([x, y]) => disc(p, x, y, 4.5)).join("") +
      part(p, "M27 68Q27 64 31 64H69Q73 64 73 68Q73 72 69 72H31Q27 72 27 68Z") +
      seam(p, "M30 60H70");
  }

  // King: two rounded lobes around a central boss, topped by a cross.
  function king(p) {
    return part(p, "M33 70C32 74 27 77 25 79H75C73 77 68 74 67 70Z") +
      plinth(p) +
      part(p, "M47 28V19H42V13H47V7H53V13H58V19H53V28Z") +
      part(p, "M30 66C17 52 21 35 35 35C43 35 48 42 50 48C52 42 57 35 65 35C79 35 83 52 70 66Z") +
      part(p, "M50 48C45 42 43 34 50 27C57 34 55 42 50 48Z") +
      part(p, "M27 68Q27 64 31 64H69Q73 64 73 68Q73 72 69 72H31Q27 72 27 68Z") +
      seam(p, "M33 60H67");
  }

  // Prince (a non-royal king, the Commoner): a smaller king-like head with a small coronet
  // of three points and no cross, so it is never taken for the royal king.
  function prince(p) {
    return part(p, "M35 72C34 75 29 77 27 79H73C71 77 66 75 65 72Z") +
      plinth(p) +
      part(p, "M41 48L39 37L45 42L50 33L55 42L61 37L59 48Z", ` stroke-width="2.5"`) +
      disc(p, 39, 36, 3.2) + disc(p, 50, 31.5, 3.2) + disc(p, 61, 36, 3.2) +
      part(p, "M33 68C23 58 26 44 37 44C43 44 47 48 50 53C53 48 57 44 63 44C74 44 77 58 67 68Z") +
      part(p, "M29 70Q29 66 33 66H67Q71 66 71 70Q71 74 67 74H33Q29 74 29 70Z") +
      seam(p, "M35 62H65");
  }

  // ---- the Wedgie pieces: crowned bishop and crowned rook -----------------------------------

  // A small three-point crown centred on (x, y): the mark of a "crowned" (promoted) piece.
  function coronet(p, x, y) {
    return part(p, `M${x - 10} ${y + 5}L${x - 12} ${y - 7}L${x - 5} ${y - 1}L${x} ${y - 10}` +
      `L${x + 5} ${y - 1}L${x + 12} ${y - 7}L${x + 10} ${y + 5}Z`, ` stroke-width="2.5"`);
  }

  // Wedgie Bishop: bishop + one-step orthogonal moves, so the mitre wears a crown in place
  // of its ball and a "+" (its four extra orthogonal steps) in place of its slit.
  function crownedBishop(p) {
    return part(p, "M40 58C39 66 32 72 29 79H71C68 72 61 66 60 58Z") +
      plinth(p) +
      part(p, "M35 56Q35 52 39 52H61Q65 52 65 56Q65 60 61 60H39Q35 60 35 56Z") +
      part(p, "M50 20C61 27 68 37 66 45C65 51 58 53 50 53C42 53 35 51 34 45C32 37 39 27 50 20Z") +
      coronet(p, 50, 16) +
      mark(p, "M50 30V46M42 38H58", 3.4) +
      seam(p, "M33 77H67");
  }

  // Wedgie Rook: rook + one-step diagonal moves, so the tower wears a crown and its body
  // carries an "x" of four diagonal ticks.
  function crownedRook(p) {
    return part(p, "M35 35L33 72H67L65 35Z") +
      part(p, "M28 72H72V79H28Z") +
      plinth(p) +
      part(p, "M26 20H37V26H44.5V20H55.5V26H63V20H74V35H26Z") +
      coronet(p, 50, 13) +
      mark(p, "M42 44L46 48M58 44L54 48M42 62L46 58M58 62L54 58", 3) +
      seam(p, "M30 32H70M36 68H64");
  }

  // ---- other figurines -----------------------------------------------------------------------

  // Falcon: a perched bird of prey in profile, hooked beak, the falcon's dark cheek stripe,
  // a folded wing with feather lines; the whole bird stands, unlike the knight's bare head.
  function falcon(p) {
    // Drawn slim, then widened a fifth so the bird fills the square like the figurines.
    return plinth(p) + `<g transform="translate(-5.2 0) scale(1.2 1)">` +
      part(p, "M45 66L43 80H51L53 68Z") +
      part(p, "M42 12C51 11 57 16 58 24C66 32 70 44 68 58L71 86H60L56 72" +
        "C48 72 38 66 35 54C33 46 33 40 32 35L28 31.5L24 33Q21 26 27 21C31 15 36 12 42 12Z") +
      part(p, "M57 26C67 36 71 56 66 84C56 71 51 57 51 44C51 35 53 29 57 26Z", ` stroke-width="2.5"`) +
      mark(p, "M55 40C56 52 59 62 63 72M60 35C63 46 65 58 66 70", 2) +
      dot(p, 38, 21.5, 2.6) +
      mark(p, "M36.5 26C35.5 30 36 33 38 36", 3) + "</g>";
  }

  // Camel: a whole standing camel with its hump and long neck; the knight is only a head.
  function camel(p) {
    return part(p, "M79 54C80 46 75 41 69 41C65 28 52 26 46 38C43 43 39 43 37 39" +
        "C34 32 31 25 27 22L18 21C14 22 12 25 14 29L24 31C26 39 28 48 33 54" +
        "L32 80H39L40 62H65L67 80H74L75 64C78 62 79 59 79 54Z") +
      plinth(p) +
      mark(p, "M44 62L45 78M62 62L61 77", 2.5) +
      dot(p, 22, 25, 1.8) +
      mark(p, "M79 52C83 56 83 62 81 66", 2.5);
  }

  // Lion (a king-like multi-capturer): a maned head, front view.
  function lion(p) {
    let mane = "M50 10";
    for (let i = 1; i <= 16; i++) {
      const a = (i * Math.PI) / 8, b = ((i - 0.5) * Math.PI) / 8;
      mane += `Q${(50 + 44 * Math.sin(b)).toFixed(1)} ${(50 - 44 * Math.cos(b)).toFixed(1)}` +
        ` ${(50 + 38 * Math.sin(a)).toFixed(1)} ${(50 - 38 * Math.cos(a)).toFixed(1)}`;
    }
    mane = mane.replace("M50 10", "M50 12") + "Z";
    return part(p, mane) +
      disc(p, 34, 30, 6) + disc(p, 66, 30, 6) +
      part(p, "M50 28C64 28 72 38 71 52C70 64 61 73 50 73C39 73 30 64 29 52C28 38 36 28 50 28Z") +
      dot(p, 41, 45, 2.8) + dot(p, 59, 45, 2.8) +
      part(p, "M44 54H56L50 61Z", ` stroke-width="2"`) +
      mark(p, "M50 61V64M42 66Q46 69 50 64Q54 69 58 66", 2.2);
  }

  // Cannon (an orthogonal hopper): a barrel on a wheeled carriage.
  function cannon(p) {
    return part(p, "M22 58L72 31Q78 28 80 33L83 39Q85 44 79 46L29 71Z") +
      mark(p, "M66 35L72 47", 2.5) +
      part(p, "M30 79L40 62H58L64 79Z") +
      plinth(p) +
      disc(p, 47, 68, 11) +
      dot(p, 47, 68, 3) +
      mark(p, "M47 59V77M38 68H56", 1.8) +
      disc(p, 20, 60, 5);
  }

  // Elephant (the Alfil, a two-square diagonal leaper): a head, front view, with big ears,
  // tusks and a curled trunk.
  function elephant(p) {
    return part(p, "M33 24C18 18 9 32 13 48C16 58 24 62 33 58Z") +
      part(p, "M67 24C82 18 91 32 87 48C84 58 76 62 67 58Z") +
      part(p, "M50 18C64 18 70 30 68 44C66 54 57 58 56 66L56 82Q50 89 44 82L44 66" +
        "C43 58 34 54 32 44C30 30 36 18 50 18Z") +
      mark(p, "M46 72H54M46 78H54", 1.8) +
      dot(p, 41, 38, 2.6) + dot(p, 59, 38, 2.6) +
      part(p, "M42 56C38 62 33 65 28 65C32 61 35 57 37 53Z", ` stroke-width="2"`) +
      part(p, "M58 56C62 62 67 65 72 65C68 61 65 57 63 53Z", ` stroke-width="2"`);
  }

  // Two figurines on one plinth: the compound pieces (bishop or rook, with a knight).
  function pair(p, back, front) {
    return `<g transform="translate(-9 21.6) scale(0.76)">${back(p)}</g>` +
      `<g transform="translate(29 21.6) scale(0.76)">${front(p)}</g>`;
  }
  function archbishop(p) { return pair(p, bishop, knight); }
  function chancellor(p) { return pair(p, rook, knight); }

  // ---- step tokens: wazir, ferz, and the desert and oasis pieces ------------------------------

  // A filled arrow from radius r0 to r1 out of the centre (50, 50) at angle deg (0 = up).
  function arrow(p, deg, r0, r1) {
    const a = 50 - r0, b = 50 - r1;
    return `<path transform="rotate(${deg} 50 50)" d="M46.8 ${a}V${b + 9}H42.5L50 ${b}L57.5 ${b + 9}H53.2V${a}Z"` +
      ` fill="${p.fill}" stroke="${p.line}" stroke-width="2.4" stroke-linejoin="round"/>`;
  }
  const ORTHO = [0, 90, 180, 270];
  const DIAG = [45, 135, 225, 315];
  const ALL8 = ORTHO.concat(DIAG);

  // A round token with one short arrow per step direction: the arrows stop one step out,
  // because these pieces step one square (XBoard drew some of them as a rook).
  function stepToken(p, dirs, emblem, ring) {
    return dirs.map((d) => arrow(p, d, 26, d % 90 ? 45 : 47)).join("") +
      disc(p, 50, 50, 28) +
      (ring ? `<circle cx="50" cy="50" r="23.5" fill="none" stroke="${ring}" stroke-width="3"/>` : "") +
      emblem;
  }

  // Desert emblem: a sand sun over two dunes, inside a sand ring.
  function desertEmblem(p) {
    let rays = "";
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4, s = Math.sin(a), c = Math.cos(a);
      rays += `M${(50 + 9.5 * s).toFixed(1)} ${(43 - 9.5 * c).toFixed(1)}` +
        `L${(50 + 13 * s).toFixed(1)} ${(43 - 13 * c).toFixed(1)}`;
    }
    return accent(p, SAND, rays, 2.4) +
      accentFill(p, SAND, "M56.5 43A6.5 6.5 0 1 1 43.5 43A6.5 6.5 0 1 1 56.5 43Z") +
      accentFill(p, SAND, "M29 64Q37 55 47 60Q56 65 65 58Q69 56 72 60Q67 70 50 72Q36 72 29 64Z");
  }

  // Oasis emblem: a teal palm tree over a pool of water, inside a teal ring.
  function oasisEmblem(p) {
    const frond = (d) => accentFill(p, OASIS, d);
    return accent(p, OASIS, "M52 66C53 57 51 49 48 43", 3.4) +
      frond("M48 42C43 34 34 33 29 39C36 37 42 39 48 42Z") +
      frond("M48 42C45 33 47 27 53 25C50 31 49 36 48 42Z") +
      frond("M48 42C54 34 63 34 68 40C61 38 54 39 48 42Z") +
      frond("M48 42C40 40 34 45 33 52C38 47 42 44 48 42Z") +
      frond("M48 42C55 41 62 45 63 52C58 47 53 44 48 42Z") +
      frond("M32 68Q50 61 68 68Q50 75 32 68Z");
  }

  const desert = (dirs) => (p) => stepToken(p, dirs, desertEmblem(p), SAND);
  const oasis = (dirs) => (p) => stepToken(p, dirs, oasisEmblem(p), OASIS);

  // Ferz (fallback for any diagonal stepper): a plain token, four diagonal arrows, a diamond.
  function ferz(p) {
    return stepToken(p, DIAG, mark(p, "M50 40L60 50L50 60L40 50Z", 3));
  }

  // Wazir of imawazir: a stack of discs (it grows in height) seen from the side, with a
  // plus of four orthogonal arrows on its face. The lower-right corner stays free for the
  // height badge the page draws.
  function wazir(p) {
    // A disc (radii 35 x 24, centre 50 36) over two rims: it spans y 12..78, and its
    // right-hand curve is above y 71 at x 75, so the corner stays free.
    const rim = (d) => `M17.1 ${46.2 + d}A35 24 0 0 0 82.9 ${46.2 + d}`; // just under a seam
    const layer = (d) => part(p, `M15 36V${36 + d}A35 24 0 0 0 85 ${36 + d}V36Z`);
    return layer(18) + layer(9) + seam(p, rim(9)) +
      part(p, "M15 36A35 24 0 0 1 85 36A35 24 0 0 1 15 36Z") + seam(p, rim(0)) +
      mark(p, "M50 17V55M23 36H77", 3.6) +
      mark(p, "M45 22L50 17L55 22M45 50L50 55L55 50M28 31L23 36L28 41M72 31L77 36L72 41", 3.6);
  }

  // ---- generic fallback ------------------------------------------------------------------------

  function escapeXml(s) {
    return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  // A disc with the kind's FEN letter: shown for a kind no drawing knows.
  function letterDisc(p, letter) {
    return disc(p, 50, 50, 37) +
      `<circle cx="50" cy="50" r="31" fill="none" stroke="${p.detail}" stroke-width="1.5"/>` +
      `<text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-family="sans-serif"` +
      ` font-weight="bold" font-size="42" fill="${p.detail}">${escapeXml(letter || "?")}</text>`;
  }

  // ---- lookup ------------------------------------------------------------------------------------

  // By the kind's exact name, as the server sends it.
  const BY_NAME = {
    "pawn": pawn, "knight": knight, "bishop": bishop, "rook": rook, "queen": queen, "king": king,
    "falcon": falcon,
    "Berolina pawn": berolina, "Wedgie Bishop": crownedBishop, "Wedgie Rook": crownedRook,
    "wazir": wazir,
    "camel": camel, "prince": prince,
    "desert wazir": desert(ORTHO), "desert ferz": desert(DIAG), "desert king": desert(ALL8),
    "oasis wazir": oasis(ORTHO), "oasis ferz": oasis(DIAG), "oasis king": oasis(ALL8),
  };

  // By the engine's picture name, for kinds without a drawing of their own.
  const BY_PICTURE = {
    "pawn": pawn, "knight": knight, "bishop": bishop, "rook": rook, "queen": queen, "king": king,
    "ferz": ferz, "alfil": elephant, "wazir": wazir, "man": prince, "cannon": cannon,
    "crowned-bishop": crownedBishop, "crowned-rook": crownedRook, "falcon": falcon,
    "lion": lion, "camel": camel, "archbishop": archbishop, "chancellor": chancellor,
  };

  // "CrownedBishop", "crowned_bishop" and "crowned bishop" all mean "crowned-bishop".
  function pictureKey(s) {
    return String(s || "").replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase().replace(/[\s_]+/g, "-");
  }

  function svg(kind, color) {
    const k = typeof kind === "string" ? { name: kind } : kind || {};
    const p = palette(color);
    const draw = BY_NAME[k.name] || BY_PICTURE[pictureKey(k.picture)];
    const inner = draw ? draw(p) : letterDisc(p, k.letter);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${inner}</svg>`;
  }

  window.TinmanPieces = {
    svg: svg,
    names: Object.keys(BY_NAME),
    pictures: Object.keys(BY_PICTURE),
  };
})();
