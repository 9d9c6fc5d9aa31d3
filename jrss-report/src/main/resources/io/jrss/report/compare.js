// jrss compare HTML: every run's RSS curve on one chart, from the JSON in #jrss-data, with Chart.js (inlined above).
(function () {
  const data = JSON.parse(document.getElementById('jrss-data').textContent);
  const MiB = 1048576;
  const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#86bcb6'];
  const datasets = [];
  let end = 1;
  data.arms.forEach((arm, i) => {
    const c = palette[i % palette.length];
    for (const run of arm.runs) {
      if (!run.rss.length) continue;
      end = Math.max(end, run.rss[run.rss.length - 1][0]);
      datasets.push({ label: arm.name + (arm.runs.length > 1 ? ' #' + run.run : ''), data: run.rss.map(p => ({ x: p[0], y: p[1] / MiB })),
        borderColor: c, borderWidth: arm.name === data.verdict.best ? 3 : 1.5, pointRadius: 0, fill: false });
    }
    if (arm.steady_rss_bytes != null) {
      datasets.push({ label: arm.name + ' steady', data: [{ x: 0, y: arm.steady_rss_bytes / MiB }, { x: end, y: arm.steady_rss_bytes / MiB }],
        borderColor: c, borderDash: [6, 4], borderWidth: 1, pointRadius: 0, fill: false });
    }
  });
  for (const d of datasets) if (d.label.endsWith(' steady')) d.data[1].x = end;
  const chart = new Chart(document.getElementById('compareChart'), {
    type: 'line', data: { datasets },
    options: { responsive: true, maintainAspectRatio: false, parsing: false, normalized: true,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: { x: { type: 'linear', min: 0, max: end, title: { display: true, text: 'seconds since the run\'s first sample' } },
        y: { min: 0, title: { display: true, text: 'RSS, MiB' } } },
      plugins: { legend: { position: 'bottom', labels: { filter: item => !item.text.endsWith(' steady') } } } }
  });
  window.jrssCharts = { compare: chart.data.datasets.length };
  window.jrssReady = performance.now();
})();
