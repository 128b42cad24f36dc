// BENCHMARKS.md from the bench's JSON: the same figures, with method, machine and date.
import type { FigureResult } from './lib/types.ts';

interface Report {
  date: string;
  mode: string;
  machine: Record<string, string | number>;
  durationSeconds: number;
  figures: (FigureResult | { id: string; title: string; error: string })[];
}

export function renderMarkdown(report: Report): string {
  const lines = [
    '# Linkdock benchmarks',
    '',
    `Written ${report.date} by \`npm run bench\` (${report.mode} mode; that run took ${report.durationSeconds} s). A run of some`,
    'figures (`--only`) keeps the others from earlier runs, so each figure says when it was measured. The same figures are',
    'in `bench/results.json`. Figures with a natural baseline are ratios against that baseline measured in the same run.',
    '',
    '## Machine',
    '',
    ...Object.entries(report.machine).map(([key, value]) => `- ${key}: ${value}`),
    '',
  ];
  for (const figure of report.figures) {
    lines.push(`## ${figure.title}`, '');
    if ('error' in figure) {
      lines.push(`**Not measured:** ${figure.error}`, '');
      continue;
    }
    lines.push(figure.method, '', '| figure | value |', '|---|---|');
    for (const [name, value] of Object.entries(figure.values)) lines.push(`| ${name} | ${value} |`);
    lines.push('');
    if (figure.goal) {
      // A figure with several goals says of each whether it is met; the verdict is then of them all.
      const several = /\((not )?met\)/.test(figure.goal.text);
      const verdict =
        figure.goal.met === null ? 'not measurable here' : figure.goal.met ? (several ? 'all met' : 'met') : several ? '**not all met**' : '**not met**';
      lines.push(`Goal: ${figure.goal.text} — ${verdict}.`, '');
    }
    if (figure.notes) lines.push(figure.notes, '');
    if (figure.measuredAt) lines.push(`Measured ${figure.measuredAt}.`, '');
  }
  return `${lines.join('\n')}\n`;
}
