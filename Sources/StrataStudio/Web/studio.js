// Strata Studio's page: everything it shows comes from the server (the real renderer).
"use strict";
const $ = (id) => document.getElementById(id);
const state = { scene: null, frame: 0, curves: {}, tweaks: {}, playing: false, timer: null, generation: -1, series: null, request: 0,
  client: Math.random().toString(36).slice(2, 12), prefetched: new Set() };

function curveQuery() {
  return Object.entries(state.curves).map(([id, spec]) => `&curve.${encodeURIComponent(id)}=${encodeURIComponent(spec)}`).join("");
}

// The "what if" clock and overlay settings, as query parameters every API call takes.
function clockQuery() {
  const fps = $("fps").value, drop = $("drop").value.trim();
  let query = (fps ? `&fps=${encodeURIComponent(fps)}` : "") + (drop ? `&drop=${encodeURIComponent(drop)}` : "");
  for (const [id, tweak] of Object.entries(state.tweaks)) {
    for (const [name, value] of Object.entries(tweak)) {
      if (value !== "") query += `&${name}.${encodeURIComponent(id)}=${encodeURIComponent(value)}`;
    }
  }
  return query;
}

// A curve's text and the family controls, each written from the other.
const families = { log2: ["divisor", "offset"], linear: ["slope", null], smoothstep: ["low", "high"], table: [null, null] };
function showCurveControls(node, spec) {
  const [family, a = "", b = ""] = spec.split(":");
  const name = families[family] ? family : "table";
  node.querySelector(".family").value = name;
  const [first, second] = families[name];
  node.querySelector(".p1").hidden = !first;
  node.querySelector(".p2").hidden = !second;
  if (first) { node.querySelector(".p1 span").textContent = first; node.querySelector(".a").value = a; }
  if (second) { node.querySelector(".p2 span").textContent = second; node.querySelector(".b").value = name === "log2" ? (b || "0") : b; }
}
function curveFromControls(node) {
  const family = node.querySelector(".family").value, a = node.querySelector(".a").value, b = node.querySelector(".b").value;
  if (family === "log2") return `log2:${a || 5}` + (b && Number(b) !== 0 ? `:${b}` : "");
  if (family === "linear") return `linear:${a || 0.05}`;
  if (family === "smoothstep") return `smoothstep:${a || 0}:${b || 8}`;
  return node.querySelector(".curve").value;
}

async function loadScene() {
  const response = await fetch(`/api/scene?${clockQuery().slice(1)}`, { cache: "no-store" });
  if (!response.ok) { showRequestError(await response.text()); return; }
  const scene = await response.json();
  const errorBox = $("error");
  errorBox.hidden = !scene.error;
  errorBox.textContent = scene.error || "";
  const clock = clockQuery();
  if (scene.generation === state.generation && clock === state.clock) return;
  state.generation = scene.generation;
  state.clock = clock;
  state.prefetched = new Set();
  $("generation").textContent = `file version ${scene.generation}`;
  if (!scene.frameCount) return;  // the scene does not read: keep what is shown
  // Overlays the file no longer has: their curves and settings are let go, and said so.
  const ids = new Set(scene.overlays.map((o) => o.id));
  const gone = [...new Set([...Object.keys(state.curves), ...Object.keys(state.tweaks)])].filter((id) => !ids.has(id));
  for (const id of gone) { delete state.curves[id]; delete state.tweaks[id]; }
  if (gone.length) {
    $("notice").hidden = false;
    $("notice").textContent = `the scene no longer has the overlay${gone.length > 1 ? "s" : ""} ${gone.join(", ")}: ${gone.length > 1 ? "their" : "its"} tuning was let go`;
  }
  state.scene = scene;
  $("scene-name").textContent = `${scene.name} — ${scene.width}×${scene.height} px, ${scene.frameCount} frames at ${scene.fps} fps`;
  $("scrub").max = String(scene.frameCount - 1);
  state.frame = Math.min(state.frame, scene.frameCount - 1);
  buildOverlays(scene);
  buildLayers(scene);
  drawTimeline();
  await refresh();
}

// The layer tree, indented by depth; a layer that carries an overlay is marked with its id.
function buildLayers(scene) {
  const layers = scene.layers || [];
  const list = $("layer-list");
  list.textContent = "";
  $("layers").hidden = layers.length === 0;
  const marked = new Map(scene.overlays.map((o) => [o.layer, o.id]));
  $("layer-count").textContent = `(${layers.length}${layers.length >= 2000 ? ", the first shown" : ""})`;
  for (const layer of layers) {
    const item = document.createElement("li");
    item.style.paddingLeft = `${layer.depth * 12}px`;
    item.textContent = layer.name ?? layer.path;
    item.title = layer.path;
    item.dataset.reference = layer.reference;
    if (!layer.name) item.classList.add("unnamed");
    if (marked.has(layer.reference)) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = ` overlay “${marked.get(layer.reference)}”`;
      item.append(tag);
    }
    list.append(item);
  }
}

function buildOverlays(scene) {
  const box = $("overlays");
  box.textContent = "";
  for (const overlay of scene.overlays) {
    const node = $("overlay-template").content.firstElementChild.cloneNode(true);
    node.dataset.id = overlay.id;
    node.querySelector("h2").textContent = `motion-blur overlay “${overlay.id}” (radius ${overlay.radius} pt)`;
    const input = node.querySelector(".curve");
    input.value = state.curves[overlay.id] || overlay.curve;
    showCurveControls(node, input.value);
    // A curve is tried before it is taken: a bad one stays marked, with the reason beside it, until
    // it is fixed; meanwhile the page goes on with the last good one.
    const tryCurve = async (text) => {
      const check = await fetch(`/api/curve?curve.${encodeURIComponent(overlay.id)}=${encodeURIComponent(text)}${clockQuery()}`, { cache: "no-store" });
      if (!check.ok) { input.classList.add("bad"); showProblem(node, await check.text()); return; }
      input.classList.remove("bad");
      showProblem(node, "");
      state.curves[overlay.id] = text;
      showCurveControls(node, text);
      refresh();
    };
    input.addEventListener("change", () => tryCurve(input.value));
    for (const selector of [".family", ".a", ".b"]) {
      node.querySelector(selector).addEventListener("change", () => {
        if (selector === ".family") { node.querySelector(".a").value = ""; node.querySelector(".b").value = ""; }
        input.value = curveFromControls(node);
        tryCurve(input.value);
      });
    }
    const tweak = state.tweaks[overlay.id] || {};
    node.querySelector(".radius").value = tweak.radius ?? overlay.radius;
    node.querySelector(".angle").value = tweak.angle ?? ((overlay.angle * 180) / Math.PI).toFixed(1).replace(/\.0$/, "");
    node.querySelector(".rate").value = tweak.rate ?? (overlay.referenceRate || 0);
    for (const [selector, name] of [[".radius", "radius"], [".angle", "angle"], [".rate", "rate"]]) {
      node.querySelector(selector).addEventListener("change", async (e) => {
        const value = e.target.value.trim();
        const check = await fetch(`/api/scene?${name}.${encodeURIComponent(overlay.id)}=${encodeURIComponent(value)}`, { cache: "no-store" });
        if (!check.ok) { e.target.classList.add("bad"); showProblem(node, await check.text()); return; }
        e.target.classList.remove("bad");
        showProblem(node, "");
        state.tweaks[overlay.id] = { ...(state.tweaks[overlay.id] || {}), [name]: value };
        state.generation = -1;  // another blur: the scene's overlays are prepared again
        loadScene();
      });
    }
    node.querySelector(".reset").addEventListener("click", () => {
      delete state.curves[overlay.id];
      delete state.tweaks[overlay.id];
      state.generation = -1;
      loadScene();
    });
    box.appendChild(node);
  }
}

async function refresh() {
  await Promise.all([showFrame(), loadCurves()]);
}

// Frames the page has already shown or fetched ahead, by what they show (bounded): the PNG's bytes
// and their SHA-256. A seek to one is shown at once, and while an uncached one renders the nearest
// one kept stands in for it.
const kept = new Map();
const keptLimit = 360;
const standInDelay = 60;  // ms
function keptPrefix() { return `${state.generation}|${curveQuery()}${clockQuery()}|${$("show-overlays").checked ? "" : "off"}|`; }
function keep(key, blob, sha256) {
  if (!kept.has(key)) kept.set(key, { blob, sha256 });
  while (kept.size > keptLimit) kept.delete(kept.keys().next().value);
}
function frameURL(frame, extra = "") {
  const overlays = $("show-overlays").checked ? "" : "&overlays=off";
  return `/api/frame?frame=${frame}${curveQuery()}${clockQuery()}${overlays}${extra}`;
}
async function fetchAhead(frame) {
  const key = keptPrefix() + frame;
  if (kept.has(key) || state.prefetched.has(key)) return;
  state.prefetched.add(key);
  try {
    const response = await fetch(frameURL(frame), { cache: "no-store" });
    if (response.ok) keep(key, await response.blob(), response.headers.get("X-Strata-SHA256"));
  } catch (error) { /* a prefetch that fails is fetched again when shown */ }
  state.prefetched.delete(key);
}

// The frame is a canvas: the PNG is decoded off the page's thread (createImageBitmap) and drawn
// in one step, so its pixels are there as soon as it is labelled. A later call wins over an
// earlier one still decoding.
let drawn = 0, displaying = 0;
// While playing, the next few frames kept are decoded ahead (a few pictures: a frame at scale 3
// takes about as long to decode as a tick lasts), so that each is drawn on its tick.
const decoded = new Map();
const decodedLimit = 6;
function decodeAhead(key) {
  const entry = kept.get(key);
  if (!entry || decoded.has(key)) return;
  decoded.set(key, createImageBitmap(entry.blob).catch(() => null));
  while (decoded.size > decodedLimit) {
    const [oldest, bitmap] = decoded.entries().next().value;
    decoded.delete(oldest);
    bitmap.then((b) => b && b.close());
  }
}
async function display(frame, entry, provisional, key) {
  const mine = ++displaying;
  let bitmap = null;
  const ahead = key !== undefined && decoded.get(key);
  if (ahead) { decoded.delete(key); bitmap = await ahead; }
  if (!bitmap) { try { bitmap = await createImageBitmap(entry.blob); } catch (error) { return; } }
  if (mine !== displaying) { bitmap.close(); return; }
  const canvas = $("frame");
  const resized = canvas.width !== bitmap.width || canvas.height !== bitmap.height;
  if (resized) { canvas.width = bitmap.width; canvas.height = bitmap.height; }
  const g = canvas.getContext("2d");
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, 0, 0);
  bitmap.close();
  canvas.dataset.sha256 = entry.sha256;
  canvas.dataset.frame = String(frame);
  canvas.dataset.drawn = String(++drawn);
  canvas.classList.toggle("provisional", provisional);
  $("digest").textContent = provisional ? `frame ${frame} shown while frame ${state.frame} renders` : `frame ${frame} · SHA-256 ${entry.sha256}`;
  if (resized) applyZoom();
}

async function showFrame() {
  if (!state.scene) return;
  const ticket = ++state.request;  // a newer seek wins
  const frame = state.frame;  // the image is labelled with the frame it asked for
  const overlays = $("show-overlays").checked ? "" : "&overlays=off";
  const prefix = keptPrefix(), key = prefix + frame;
  showPosition();
  let entry = kept.get(key);
  if (!entry) {
    // The nearest frame kept for the same settings stands in, marked, until the exact one comes —
    // if it is not there within a moment: most frames render in less, and a stand-in shown
    // meanwhile would only cost the browser a decode while it waits for the exact one.
    const standIn = setTimeout(() => {
      if (ticket !== state.request) return;
      let nearest = null;
      for (const [other, value] of kept) {
        if (!other.startsWith(prefix)) continue;
        const at = Number(other.slice(prefix.length));
        if (nearest === null || Math.abs(at - frame) < Math.abs(nearest.at - frame)) nearest = { at, value };
      }
      if (nearest) display(nearest.at, nearest.value, true);
    }, standInDelay);
    // A newer seek of this page makes the server drop this one if it has not started rendering.
    const response = await fetch(frameURL(frame, `&client=${state.client}&seek=${ticket}`), { cache: "no-store" });
    clearTimeout(standIn);
    if (response.status === 409) return;  // superseded by a newer seek before it was drawn
    if (!response.ok) { if (ticket === state.request) showRequestError(await response.text()); return; }
    // Kept even when a newer seek came meanwhile: playing and scrubbing come back to it.
    entry = { blob: await response.blob(), sha256: response.headers.get("X-Strata-SHA256") };
    keep(key, entry.blob, entry.sha256);
    if (ticket !== state.request) return;
  }
  showRequestError("");
  display(frame, entry, false, key);
  // The rest after the picture has had its turn: the charts' marker, the onion skin, the truth.
  setTimeout(() => {
    if (ticket !== state.request) return;
    showOnion(ticket, overlays);
    showTruth(ticket, overlays);
    drawCharts();
  }, 0);
}

function showPosition() {
  $("scrub").value = String(state.frame);
  const t = state.scene.times[state.frame];
  $("position").textContent = `of ${state.scene.frameCount - 1} · ${t.toFixed(3)} s`;
  $("frame-number").value = String(state.frame);
  $("frame-number").max = String(state.scene.frameCount - 1);
  drawTimeline();
  followAddress();
}

// A request the server refused (other than the scene's own error, shown above the page): under
// the transport, until a request succeeds.
function showRequestError(reason) {
  $("request-error").hidden = !reason;
  $("request-error").textContent = reason;
}
// Why an overlay's curve or blur was refused, beside them, until fixed.
function showProblem(node, reason) {
  const box = node.querySelector(".problem");
  box.hidden = !reason;
  box.textContent = reason;
}

async function loadCurves() {
  if (!state.scene || !state.scene.overlays.length) return;
  const response = await fetch(`/api/curve?${(curveQuery() + clockQuery()).slice(1)}`, { cache: "no-store" });
  if (!response.ok) return;
  state.series = await response.json();
  for (const overlay of state.series.overlays) {
    const node = document.querySelector(`.overlay[data-id="${CSS.escape(overlay.id)}"]`);
    if (!node) continue;
    // Flicker: the opacity going up and down on consecutive frames (three turns in a row).
    const o = overlay.opacity, turns = [];
    for (let i = 2; i < o.length; i++) {
      const a = o[i - 1] - o[i - 2], b = o[i] - o[i - 1];
      if (Math.abs(a) > 0.05 && Math.abs(b) > 0.05 && Math.sign(a) !== Math.sign(b)) turns.push(i - 1);
    }
    const flicker = turns.filter((t, k) => k >= 2 && turns[k - 2] === t - 2);
    const box = node.querySelector(".flicker");
    box.hidden = flicker.length === 0;
    box.textContent = flicker.length ? `flicker: the opacity turns up and down frame after frame around frame ${flicker[0]}` : "";
  }
  drawCharts();
  refreshExport();
}

// The whole state as one command line and one snippet, written by the server (/api/export), which
// the tests render and compare with the frames shown.
async function refreshExport() {
  const response = await fetch(`/api/export?${(curveQuery() + clockQuery()).slice(1)}`, { cache: "no-store" });
  if (!response.ok) return;
  const made = await response.json();
  $("export").hidden = false;
  $("export-command").textContent = made.command;
  $("export-yaml").textContent = made.yaml;
}
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (!button) return;
  const text = $(button.dataset.copy).textContent;
  (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject()).then(
    () => { button.textContent = "copied"; setTimeout(() => (button.textContent = "copy"), 1200); },
    () => { const range = document.createRange(); range.selectNodeContents($(button.dataset.copy)); getSelection().removeAllRanges(); getSelection().addRange(range); });
});

// The per-frame charts share one frame axis (the same margins), so a frame is at the same x in
// the curve chart and in the fit's error chart.
const margin = { left: 44, right: 48, top: 22, bottom: 22 };
function frameX(i, n, w) { return margin.left + (n <= 1 ? 0 : (i / (n - 1)) * (w - margin.left - margin.right)); }
function niceTop(value) {
  const power = Math.pow(10, Math.floor(Math.log10(value))), steps = [1, 2, 2.5, 5, 10];
  return steps.map((s) => s * power).find((s) => s >= value) || value;
}
function frameAxis(g, n, w, h) {
  g.strokeStyle = "#546e7a"; g.fillStyle = "#90a4ae"; g.font = "11px DejaVu Sans, sans-serif"; g.textAlign = "center";
  g.beginPath(); g.moveTo(margin.left, h - margin.bottom); g.lineTo(w - margin.right, h - margin.bottom); g.stroke();
  const every = Math.max(1, Math.ceil(n / 10 / 5) * 5);
  for (let i = 0; i < n; i += every) {
    const x = frameX(i, n, w);
    g.beginPath(); g.moveTo(x, h - margin.bottom); g.lineTo(x, h - margin.bottom + 4); g.stroke();
    g.fillText(String(i), x, h - 6);
  }
  g.textAlign = "right"; g.fillText("frame", w - 4, h - 6);
}
function valueAxis(g, side, top, unit, color, w, h) {
  const x = side === "left" ? margin.left : w - margin.right, plot = h - margin.top - margin.bottom;
  g.strokeStyle = color; g.fillStyle = color; g.textAlign = side === "left" ? "right" : "left";
  g.beginPath(); g.moveTo(x, margin.top); g.lineTo(x, h - margin.bottom); g.stroke();
  for (const f of [0, 0.5, 1]) {
    const y = h - margin.bottom - f * plot, label = Number((top * f).toFixed(2));
    g.fillText(String(label), side === "left" ? x - 4 : x + 4, y + 4);
  }
  g.textAlign = side === "left" ? "left" : "right";
  g.fillText(unit, side === "left" ? 2 : w - 2, 12);
}

function drawCharts() {
  if (!state.series) return;
  for (const overlay of state.series.overlays) {
    const node = document.querySelector(`.overlay[data-id="${CSS.escape(overlay.id)}"]`);
    if (!node) continue;
    const canvas = node.querySelector(".chart");
    const g = canvas.getContext("2d");
    const w = canvas.width, h = canvas.height, n = overlay.opacity.length, plot = h - margin.top - margin.bottom;
    g.clearRect(0, 0, w, h);
    const deltas = overlay.delta.map((d) => (d === null ? 0 : d));
    const top = niceTop(Math.max(1, ...deltas));
    const y = (f) => h - margin.bottom - f * plot;
    frameAxis(g, n, w, h);
    valueAxis(g, "left", 1, "opacity", "#29b6f6", w, h);
    valueAxis(g, "right", top, "pt / frame", "#b0bec5", w, h);
    g.strokeStyle = "#b0bec5";
    g.beginPath();
    deltas.forEach((d, i) => (i ? g.lineTo(frameX(i, n, w), y(d / top)) : g.moveTo(frameX(i, n, w), y(d / top))));
    g.stroke();
    g.strokeStyle = "#29b6f6"; g.lineWidth = 2;
    g.beginPath();
    overlay.opacity.forEach((o, i) => (i ? g.lineTo(frameX(i, n, w), y(o)) : g.moveTo(frameX(i, n, w), y(o))));
    g.stroke();
    g.lineWidth = 1;
    g.fillStyle = "#ffca28";
    g.fillRect(frameX(state.frame, n, w) - 1, margin.top, 2, plot);
    // Legend.
    g.font = "11px DejaVu Sans, sans-serif"; g.textAlign = "left";
    g.fillStyle = "#29b6f6"; g.fillText("— opacity (the curve of the displacement)", margin.left + 70, 12);
    g.fillStyle = "#b0bec5"; g.fillText("— displacement", margin.left + 330, 12);
    canvas.dataset.frame = String(state.frame);
    canvas.dataset.curve = overlay.curve;
    drawShape(node, overlay);
  }
}

function drawShape(node, overlay) {
  const canvas = node.querySelector(".shape"), g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height, plot = h - 60;
  g.clearRect(0, 0, w, h);
  const deltas = overlay.delta.map((d) => (d === null ? null : d));
  const top = Math.max(1, ...deltas.filter((d) => d !== null));
  const x = (d) => 8 + (d / top) * (w - 16);
  const y = (o) => 8 + (1 - o) * (plot - 16);
  // The curve, sampled where frames are: joined in displacement order.
  const points = deltas.map((d, i) => [d, overlay.opacity[i], i]).filter((p) => p[0] !== null).sort((a, b) => a[0] - b[0]);
  g.strokeStyle = "#29b6f6";
  g.beginPath();
  points.forEach(([d, o], k) => (k ? g.lineTo(x(d), y(o)) : g.moveTo(x(d), y(o))));
  g.stroke();
  for (const [d, o, i] of points) {
    g.fillStyle = "#e6e9ec";
    g.fillRect(x(d) - 2, y(o) - 2, 4, 4);
    if (i === state.frame) { g.strokeStyle = "#ffca28"; g.beginPath(); g.arc(x(d), y(o), 6, 0, 2 * Math.PI); g.stroke(); }
  }
  // Histogram of the displacements the sequence produces.
  const bins = new Array(24).fill(0);
  for (const [d] of points) bins[Math.min(23, Math.floor((d / top) * 24))]++;
  const most = Math.max(1, ...bins);
  g.fillStyle = "#546e7a";
  bins.forEach((count, b) => g.fillRect(8 + (b / 24) * (w - 16), h - 4 - (count / most) * 46, (w - 16) / 24 - 2, (count / most) * 46));
  g.fillStyle = "#90a4ae"; g.font = "11px DejaVu Sans, sans-serif";
  g.textAlign = "left"; g.fillText("opacity 1", 10, 12); g.fillText("0", 10, plot - 8);
  g.textAlign = "right"; g.fillText(`displacement → ${Number(top.toFixed(2))} pt / frame; below, how often each occurs`, w - 8, plot + 8);
  canvas.dataset.points = String(points.length);
}

function showOnion(ticket, overlays) {
  const onion = $("onion-frame");
  onion.hidden = !$("onion").checked || state.frame === 0;
  if (onion.hidden) return;
  fetch(`/api/frame?frame=${state.frame - 1}${curveQuery()}${clockQuery()}${overlays}`, { cache: "no-store" })
    .then((r) => (r.ok && ticket === state.request ? r.blob() : null))
    .then((blob) => { if (blob) { const old = onion.src; onion.src = URL.createObjectURL(blob); if (old) URL.revokeObjectURL(old); applyZoom(); } });
}

// Ground truth (supersampled motion blur) beside the frame, or the difference from it with the
// fit's error of the first overlay (as strata tune measures it: mean absolute difference of the
// channels, 0…255, over the region the overlay or the truth change).
function showTruth(ticket, overlays) {
  const mode = $("truth").value, box = $("truth-box");
  box.hidden = !mode;
  for (const canvas of document.querySelectorAll(".fit")) canvas.hidden = !mode;
  if (!mode) return;
  const setting = `${encodeURIComponent($("shutter").value)}:${encodeURIComponent($("subframes").value)}`;
  loadFit(setting);
  const parameter = mode === "beside" ? `&truth=${setting}` : `&compare=${setting}`;
  fetch(`/api/frame?frame=${state.frame}${curveQuery()}${clockQuery()}${overlays}${parameter}`, { cache: "no-store" })
    .then(async (r) => {
      if (ticket !== state.request) return;
      if (!r.ok) { $("fit-error").textContent = await r.text(); return; }
      const error = r.headers.get("X-Strata-Fit-Error");
      $("fit-error").textContent = error ? `fit error, frame ${state.frame}: ${error} / 255 where the overlay or the truth change (difference ×4)` : `ground truth, shutter ${$("shutter").value}°`;
      const image = $("truth-frame"), old = image.src;
      image.src = URL.createObjectURL(await r.blob());
      image.dataset.sha256 = r.headers.get("X-Strata-SHA256");
      if (old) URL.revokeObjectURL(old);
    });
}

// The fit's error on every frame (computed once per setting by the server), drawn per overlay.
async function loadFit(setting) {
  const query = `compare=${setting}${curveQuery()}${clockQuery()}`;
  if (state.fitQuery === query) { drawFit(); return; }
  state.fitQuery = query;
  const response = await fetch(`/api/fit?${query}`, { cache: "no-store" });
  if (!response.ok || state.fitQuery !== query) return;
  state.fit = await response.json();
  drawFit();
}

function drawFit() {
  if (!state.fit) return;
  for (const node of document.querySelectorAll(".overlay")) {
    const fit = (state.fit.overlays || []).find((o) => o.id === node.dataset.id) || state.fit;
    const canvas = node.querySelector(".fit"), g = canvas.getContext("2d"), errors = fit.errors;
    const w = canvas.width, h = canvas.height, n = errors.length, top = niceTop(Math.max(1, ...errors)), plot = h - margin.top - margin.bottom;
    g.clearRect(0, 0, w, h);
    frameAxis(g, n, w, h);
    valueAxis(g, "left", top, "fit error (0…255)", "#ff9800", w, h);
    g.fillStyle = "#ff9800";
    errors.forEach((e, i) => g.fillRect(frameX(i, n, w) - 1.5, h - margin.bottom - (e / top) * plot, 3, (e / top) * plot));
    g.fillStyle = "#ffca28";
    g.fillRect(frameX(state.frame, n, w) - 1, margin.top, 2, plot);
    node.querySelector(".fit-mean").textContent = `fit error: mean ${fit.mean.toFixed(3)} / 255 over the frames that move (as strata tune)`;
    canvas.dataset.frames = String(errors.length);
  }
}

// The zoom: 1×…8×, or fit — as large as the frame's column and the window's height allow, up
// to 8× (a small scene shows big; a large one whole).
function zoomFactor() {
  const chosen = $("zoom").value, image = $("frame");
  if (chosen !== "fit") return Number(chosen);
  if (!image.dataset.frame) return 1;
  const wide = $("truth").value ? 2 : 1;
  const width = ($("viewer").clientWidth - (wide - 1) * 12) / wide;
  const height = window.innerHeight - $("stage").getBoundingClientRect().top - 110;
  return Math.max(0.1, Math.min(8, width / image.width, Math.max(80, height) / image.height));
}

function applyZoom() {
  const zoom = zoomFactor();
  $("stage").classList.toggle("zoomed", zoom >= 2);
  for (const image of [$("frame"), $("onion-frame")]) image.style.transform = `scale(${zoom})`;
  $("truth-frame").style.width = $("truth-frame").naturalWidth ? `${$("truth-frame").naturalWidth * zoom}px` : "";
  $("truth-frame").style.imageRendering = zoom >= 2 ? "pixelated" : "";
  const image = $("frame");
  $("stage").style.width = image.dataset.frame ? `${image.width * zoom}px` : "";
  $("stage").style.height = image.dataset.frame ? `${image.height * zoom}px` : "";
}
window.addEventListener("resize", () => { applyZoom(); drawTimeline(); });
// The fit needs the truth's size, known once it loads (the frame's, once drawn).
$("truth-frame").addEventListener("load", () => applyZoom());

// The timeline under the scrubber: a mark per displayed frame where the scrubber's thumb stands
// for it (7 px in from either end, the thumb's half width), the one shown in yellow, and a red mark
// between two frames for each tick the display drops there. A click or a drag goes to the frame
// nearest the pointer.
const thumbInset = 7;
function timelineX(frame, count, width) {
  return thumbInset + (count <= 1 ? 0 : (frame / (count - 1)) * (width - 2 * thumbInset));
}
function drawTimeline() {
  const canvas = $("timeline"), scene = state.scene;
  if (!scene) return;
  const width = Math.round(canvas.clientWidth) || 600;
  if (canvas.width !== width) canvas.width = width;
  const g = canvas.getContext("2d"), n = scene.frameCount, h = canvas.height;
  g.clearRect(0, 0, canvas.width, h);
  g.fillStyle = "#78909c";
  const every = Math.max(1, Math.ceil(n / (width / 3)));  // no denser than a mark per 3 px
  for (let i = 0; i < n; i += every) g.fillRect(Math.round(timelineX(i, n, width)) - 0.5, 3, 1, h - 6);
  // A dropped tick lies between the frame before it and the frame after it.
  const dropped = new Set(scene.droppedTicks);
  let shown = 0;
  g.fillStyle = "#e53935";
  for (let t = 0; t < scene.tickCount; t++) {
    if (!dropped.has(t)) { shown++; continue; }
    const x = shown === 0 ? timelineX(0, n, width) - 3 : (timelineX(shown - 1, n, width) + timelineX(Math.min(shown, n - 1), n, width)) / 2;
    g.fillRect(Math.round(x) - 1, 1, 2, h - 2);
  }
  g.fillStyle = "#ffca28";
  g.fillRect(Math.round(timelineX(state.frame, n, width)) - 1.5, 0, 3, h);
  canvas.dataset.frame = String(state.frame);
}
function frameAtTimeline(event) {
  const canvas = $("timeline"), box = canvas.getBoundingClientRect(), n = state.scene.frameCount;
  const f = (event.clientX - box.left - thumbInset) / Math.max(1, box.width - 2 * thumbInset);
  return Math.max(0, Math.min(n - 1, Math.round(f * (n - 1))));
}
$("timeline").addEventListener("pointerdown", (event) => {
  if (!state.scene) return;
  $("timeline").setPointerCapture(event.pointerId);
  seek(frameAtTimeline(event));
});
$("timeline").addEventListener("pointermove", (event) => {
  if (!state.scene || !$("timeline").hasPointerCapture(event.pointerId)) return;
  const frame = frameAtTimeline(event);
  if (frame !== state.frame) seek(frame);
});

function seek(frame) {
  if (!state.scene) return;
  state.frame = Math.max(0, Math.min(state.scene.frameCount - 1, frame));
  showFrame();
}

$("scrub").addEventListener("input", (e) => seek(Number(e.target.value)));
$("fps").addEventListener("change", () => loadScene());
$("drop").addEventListener("change", () => loadScene());
$("show-overlays").addEventListener("change", () => showFrame());
$("onion").addEventListener("change", () => showFrame());
$("zoom").addEventListener("change", () => applyZoom());
for (const id of ["truth", "shutter", "subframes"]) $(id).addEventListener("change", () => showFrame());
$("frame-number").addEventListener("change", (e) => seek(Number(e.target.value)));
$("back").addEventListener("click", () => seek(state.frame - 1));
$("forward").addEventListener("click", () => seek(state.frame + 1));
$("play").addEventListener("click", () => {
  state.playing = !state.playing;
  $("play").textContent = state.playing ? "❚❚ pause" : "▶ play";
  clearInterval(state.timer);
  if (state.playing) {
    state.timer = setInterval(() => {
      const next = (state.frame + 1) % state.scene.frameCount;
      // Fetch ahead into the page's store: after the first loop every frame is shown from it,
      // the next few decoded before their ticks.
      for (let k = 2; k <= 8; k++) fetchAhead((state.frame + k) % state.scene.frameCount);
      const prefix = keptPrefix();
      for (let k = 1; k <= 4; k++) decodeAhead(prefix + ((next + k) % state.scene.frameCount));
      seek(next);
    }, 1000 / state.scene.fps);
  }
});

// Keys anywhere on the page (not while typing in a field): space plays or pauses, ← → step one
// frame (with shift ten), home and end go to the first and last.
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (!state.scene || event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest && target.closest("input:not([type=range]):not([type=checkbox]), select, textarea")) return;
  const step = event.shiftKey ? 10 : 1;
  const actions = { " ": () => $("play").click(), ArrowLeft: () => seek(state.frame - step), ArrowRight: () => seek(state.frame + step),
    Home: () => seek(0), End: () => seek(state.scene.frameCount - 1) };
  if (!actions[event.key]) return;
  event.preventDefault();
  actions[event.key]();
});

// The address follows the state, so that a link or a reload shows the same thing.
let addressTimer = null;
function followAddress() {
  clearTimeout(addressTimer);
  addressTimer = setTimeout(() => {
    const truth = $("truth").value ? `&truth=${$("truth").value}` : "";
    const query = `frame=${state.frame}${curveQuery()}${clockQuery()}${truth}`;
    if (location.search.slice(1) !== query) history.replaceState(null, "", `?${query}`);
  }, 150);
}

// A link may carry the frame and curves: ?frame=14&curve.menu=log2:4 (as the API takes them).
for (const [name, value] of new URLSearchParams(location.search)) {
  if (name === "frame" && /^\d+$/.test(value)) state.frame = Number(value);
  if (name.startsWith("curve.")) state.curves[name.slice(6)] = value;
  if (name === "fps") $("fps").value = value;
  const tweak = /^(radius|angle|rate)\.(.+)$/.exec(name);
  if (tweak) state.tweaks[tweak[2]] = { ...(state.tweaks[tweak[2]] || {}), [tweak[1]]: value };
  if (name === "drop") $("drop").value = value;
  if (name === "truth" && ["beside", "difference"].includes(value)) $("truth").value = value;
}

function reload() {
  loadScene().catch((error) => { document.body.dataset.scriptError = String(error); });
}
reload();
setInterval(reload, 500);  // live reload: the generation goes up when the file changes
