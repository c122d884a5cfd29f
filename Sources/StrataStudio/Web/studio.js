// Strata Studio's page: everything it shows comes from the server (the real renderer).
"use strict";
const $ = (id) => document.getElementById(id);
const state = { scene: null, frame: 0, curves: {}, playing: false, timer: null, generation: -1, series: null, request: 0 };

function curveQuery() {
  return Object.entries(state.curves).map(([id, spec]) => `&curve.${encodeURIComponent(id)}=${encodeURIComponent(spec)}`).join("");
}

async function loadScene() {
  const response = await fetch("/api/scene", { cache: "no-store" });
  const scene = await response.json();
  const errorBox = $("error");
  errorBox.hidden = !scene.error;
  errorBox.textContent = scene.error || "";
  if (scene.generation === state.generation) return;
  state.generation = scene.generation;
  $("generation").textContent = `generation ${scene.generation}`;
  if (!scene.frameCount) return;  // the scene does not read: keep what is shown
  state.scene = scene;
  $("scene-name").textContent = `${scene.name} — ${scene.width}×${scene.height} px, ${scene.frameCount} frames at ${scene.fps} fps`;
  $("scrub").max = String(scene.frameCount - 1);
  state.frame = Math.min(state.frame, scene.frameCount - 1);
  buildOverlays(scene);
  drawTimeline();
  await refresh();
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
    input.addEventListener("change", () => { state.curves[overlay.id] = input.value; refresh(); });
    node.querySelector(".reset").addEventListener("click", () => { delete state.curves[overlay.id]; input.value = overlay.curve; refresh(); });
    box.appendChild(node);
  }
}

async function refresh() {
  await Promise.all([showFrame(), loadCurves()]);
}

async function showFrame() {
  if (!state.scene) return;
  const ticket = ++state.request;  // a newer seek wins
  const response = await fetch(`/api/frame?frame=${state.frame}${curveQuery()}`, { cache: "no-store" });
  if (ticket !== state.request) return;
  if (!response.ok) { markBad(await response.text()); return; }
  markBad("");
  const blob = await response.blob();
  const image = $("frame");
  const old = image.src;
  image.src = URL.createObjectURL(blob);
  image.dataset.sha256 = response.headers.get("X-Strata-SHA256");
  image.dataset.frame = String(state.frame);
  if (old) URL.revokeObjectURL(old);
  $("digest").textContent = `frame ${state.frame} · SHA-256 ${image.dataset.sha256}`;
  $("scrub").value = String(state.frame);
  const t = state.scene.times[state.frame];
  $("position").textContent = `frame ${state.frame} · ${t.toFixed(3)} s`;
  drawCharts();
}

function markBad(reason) {
  for (const input of document.querySelectorAll(".curve")) input.classList.toggle("bad", reason.startsWith("curve."));
  if (reason) { $("error").hidden = false; $("error").textContent = reason; }
}

async function loadCurves() {
  if (!state.scene || !state.scene.overlays.length) return;
  const response = await fetch(`/api/curve?${curveQuery().slice(1)}`, { cache: "no-store" });
  if (!response.ok) return;
  state.series = await response.json();
  for (const overlay of state.series.overlays) {
    const node = document.querySelector(`.overlay[data-id="${CSS.escape(overlay.id)}"]`);
    if (node) node.querySelector(".snippet").textContent = `curve: "${overlay.curve}"   ·   strata render SCENE  (with this curve in the scene)`;
  }
  drawCharts();
}

function drawCharts() {
  if (!state.series) return;
  for (const overlay of state.series.overlays) {
    const node = document.querySelector(`.overlay[data-id="${CSS.escape(overlay.id)}"]`);
    if (!node) continue;
    const canvas = node.querySelector(".chart");
    const g = canvas.getContext("2d");
    const w = canvas.width, h = canvas.height, n = overlay.opacity.length;
    g.clearRect(0, 0, w, h);
    const deltas = overlay.delta.map((d) => (d === null ? 0 : d));
    const top = Math.max(1, ...deltas);
    const x = (i) => (n <= 1 ? 0 : (i / (n - 1)) * (w - 1));
    g.strokeStyle = "#90a4ae";
    g.beginPath();
    deltas.forEach((d, i) => (i ? g.lineTo(x(i), h - (d / top) * (h - 10)) : g.moveTo(x(i), h - (d / top) * (h - 10))));
    g.stroke();
    g.strokeStyle = "#29b6f6";
    g.beginPath();
    overlay.opacity.forEach((o, i) => (i ? g.lineTo(x(i), h - o * (h - 10)) : g.moveTo(x(i), h - o * (h - 10))));
    g.stroke();
    g.fillStyle = "#ffca28";
    g.fillRect(x(state.frame) - 1, 0, 2, h);
    canvas.dataset.frame = String(state.frame);
    canvas.dataset.curve = overlay.curve;
  }
}

function drawTimeline() {
  const canvas = $("timeline");
  canvas.width = canvas.clientWidth || 600;
  const g = canvas.getContext("2d");
  const scene = state.scene;
  g.clearRect(0, 0, canvas.width, canvas.height);
  const ticks = scene.tickCount;
  for (let t = 0; t < ticks; t++) {
    g.fillStyle = scene.droppedTicks.includes(t) ? "#e53935" : "#78909c";
    g.fillRect((t / Math.max(1, ticks - 1)) * (canvas.width - 2), 4, 2, 14);
  }
}

function seek(frame) {
  if (!state.scene) return;
  state.frame = Math.max(0, Math.min(state.scene.frameCount - 1, frame));
  showFrame();
}

$("scrub").addEventListener("input", (e) => seek(Number(e.target.value)));
$("back").addEventListener("click", () => seek(state.frame - 1));
$("forward").addEventListener("click", () => seek(state.frame + 1));
$("play").addEventListener("click", () => {
  state.playing = !state.playing;
  $("play").textContent = state.playing ? "❚❚" : "▶";
  clearInterval(state.timer);
  if (state.playing) state.timer = setInterval(() => seek((state.frame + 1) % state.scene.frameCount), 1000 / state.scene.fps);
});

// A link may carry the frame and curves: ?frame=14&curve.menu=log2:4 (as the API takes them).
for (const [name, value] of new URLSearchParams(location.search)) {
  if (name === "frame" && /^\d+$/.test(value)) state.frame = Number(value);
  if (name.startsWith("curve.")) state.curves[name.slice(6)] = value;
}

loadScene();
setInterval(loadScene, 500);  // live reload: the generation goes up when the file changes
