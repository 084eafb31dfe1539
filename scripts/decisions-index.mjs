// Writes docs/decisions/README.md: every decision record with its date and status, so a newcomer sees
// at once which records hold and which were superseded. `--check` fails when the index is out of date
// (npm run check runs it), so a new record cannot land without its line. The file is the script's own
// output, so Biome leaves it as written (biome.json).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const DIR = 'docs/decisions';
const INDEX = `${DIR}/README.md`;

const rows = readdirSync(DIR)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .sort()
  .map((name) => {
    const text = readFileSync(`${DIR}/${name}`, 'utf8');
    const title = (text.match(/^# (.*)$/m)?.[1] ?? name).replace(/^\d{4}\s*[:.-]?\s*/, '');
    const date = text.match(/^Date: (.*)$/m)?.[1]?.trim() ?? '';
    const status = text.match(/^Status: (.*)$/m)?.[1]?.trim();
    if (!status) throw new Error(`${DIR}/${name} has no 'Status:' line`);
    // "superseded by 0400 (docs/decisions/…)": the index keeps the number and links the record.
    const superseded = status.match(/^superseded by (\d{4})/i);
    const target = superseded && readdirSync(DIR).find((n) => n.startsWith(`${superseded[1]}-`));
    const shown = target ? `superseded by [${superseded[1]}](${target})` : status.replaceAll('|', '\\|');
    return `| [${name.slice(0, 4)}](${name}) | ${title.replaceAll('|', '\\|')} | ${date} | ${shown} |`;
  });

const text = `# Decision records

Date: 2026-11-28
Status: accepted (this index is regenerated from the records; each record's own status is in its row)

Each record states one decision: its context, the rule, and why. A record that a later one replaces
keeps its text and says so in its status. This index is written by \`node scripts/decisions-index.mjs\`
(\`npm run check\` fails when it is out of date); write a new record as \`NNNN-kebab-title.md\` with a
\`Date:\` and a \`Status:\` line, then run the script.

| record | decision | date | status |
|---|---|---|---|
${rows.join('\n')}
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(INDEX, 'utf8');
  } catch {}
  if (current !== text) {
    console.error(`${INDEX} is out of date: run node scripts/decisions-index.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(INDEX, text);
}
