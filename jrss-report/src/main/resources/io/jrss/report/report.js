// jrss HTML report: draws the charts from the JSON in #jrss-data with Chart.js (inlined above). No network.
(function () {
  const data = JSON.parse(document.getElementById('jrss-data').textContent);
  const MiB = 1048576, charts = {};
  const fg = Chart.defaults.color; // chart-theme.js set it from the page's colours
  const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#86bcb6', '#d37295', '#8cd17d', '#499894'];
  const color = (id, i) => id === 'unattributed' ? '#9e9e9e' : palette[i % palette.length];

  // The ledger: one stacked bar from 0 to the RSS, a segment per row, unattributed included; for a watch whose peak
  // RSS was not at its end, a second bar with the ledger at peak.
  const peak = data.peak && data.peak.captured_at !== data.captured_at ? data.peak : null;
  const bars = peak ? [['at peak RSS', peak], ['at the end', data]] : [['RSS', data]];
  const rowIds = [];
  for (const [, d] of bars) for (const r of d.ledger) if ((r.bytes > 0 || r.id === 'unattributed') && !rowIds.includes(r.id)) rowIds.push(r.id);
  const bytesOf = (d, id) => (d.ledger.find(r => r.id === id) || { bytes: 0 }).bytes;
  charts.ledger = new Chart(document.getElementById('ledgerChart'), {
    type: 'bar',
    data: { labels: bars.map(b => b[0]), datasets: rowIds.map((id, i) => ({ label: id, data: bars.map(([, d]) => bytesOf(d, id) / MiB), backgroundColor: color(id, i) })) },
    options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false,
      scales: { x: { stacked: true, title: { display: true, text: 'MiB' } }, y: { stacked: true } },
      plugins: { legend: { position: 'bottom' } } }
  });

  // The timeline: the ledger rows of the full samples as stacked areas, RSS and the container limit as lines,
  // and a marker where a finding was first raised or a probe ran.
  const tl = data.timeline;
  if (tl && tl.samples.length && document.getElementById('timelineChart')) {
    const t0 = Date.parse(tl.samples[0].time);
    const sec = t => (Date.parse(t) - t0) / 1000;
    const full = tl.samples.filter(s => s.full && s.rows);
    const ids = data.ledger.map(r => r.id).filter(id => full.some(s => s.rows[id] > 0));
    const ds = ids.map((id, i) => ({ label: id, data: full.map(s => ({ x: sec(s.time), y: (s.rows[id] || 0) / MiB })),
      fill: i === 0 ? 'origin' : '-1', backgroundColor: color(id, i) + '99', borderColor: color(id, i), borderWidth: 1,
      pointRadius: 0, yAxisID: 'y' }));
    const rss = tl.samples.filter(s => s.signals.rss != null).map(s => ({ x: sec(s.time), y: s.signals.rss / MiB }));
    ds.push({ label: 'RSS', data: rss, borderColor: fg, borderWidth: 2, pointRadius: 0, fill: false, yAxisID: 'y2' });
    const end = sec(tl.samples[tl.samples.length - 1].time);
    // The limits that bound the whole footprint or its largest part: the container's, and the max heap.
    const limits = [['rss', 'container limit', '#c62828'], ['heap_committed', 'max heap', '#6a1b9a']];
    for (const [key, label, c] of limits) {
      if (!tl.limits || !tl.limits[key]) continue;
      ds.push({ label, data: [{ x: 0, y: tl.limits[key] / MiB }, { x: end, y: tl.limits[key] / MiB }],
        borderColor: c, borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0, fill: false, yAxisID: 'y2' });
    }
    let max = 1;
    for (const d of ds) for (const p of d.data) if (d.yAxisID === 'y2' && p.y > max) max = p.y;
    for (const s of full) { let sum = 0; for (const id of ids) sum += (s.rows[id] || 0) / MiB; if (sum > max) max = sum; }
    max *= 1.05;
    const markers = (tl.events || []).filter(e => e.kind === 'finding' || e.kind === 'probe').map(e => ({ x: sec(e.time), label: e.what, kind: e.kind }));
    if (peak) markers.push({ x: sec(peak.captured_at), label: 'peak', kind: 'peak' });
    for (const e of data.episodes || []) markers.push({ x: sec(e.started_at), label: e.id + ' (resolved)', kind: 'episode' });
    const markerPlugin = { id: 'jrssMarkers', afterDatasetsDraw(c) {
      const { ctx, chartArea: a, scales: { x } } = c;
      ctx.save();
      for (const m of markers) {
        const px = x.getPixelForValue(m.x);
        if (px < a.left || px > a.right) continue;
        ctx.strokeStyle = ctx.fillStyle = { finding: '#c62828', probe: '#1565c0', peak: '#6a1b9a', episode: '#2e7d32' }[m.kind];
        ctx.setLineDash([3, 3]);
        ctx.beginPath(); ctx.moveTo(px, a.top); ctx.lineTo(px, a.bottom); ctx.stroke();
        ctx.fillText(m.label, px + 3, a.top + 10);
      }
      ctx.restore();
    } };
    charts.timeline = new Chart(document.getElementById('timelineChart'), {
      type: 'line', data: { datasets: ds }, plugins: [markerPlugin],
      options: { responsive: true, maintainAspectRatio: false, parsing: false, normalized: true, spanGaps: true,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        scales: { x: { type: 'linear', min: 0, max: end, title: { display: true, text: 'seconds since the first sample' } },
          y: { stacked: true, min: 0, max, title: { display: true, text: 'MiB' } }, y2: { min: 0, max, display: false } },
        plugins: { legend: { position: 'bottom' }, decimation: { enabled: true, algorithm: 'min-max' } } }
    });
    charts.markers = markers.length;
  }
  window.jrssCharts = {};
  for (const [k, c] of Object.entries(charts)) window.jrssCharts[k] = typeof c === 'number' ? c : c.data.datasets.length;
  window.jrssReady = performance.now();
})();
