// deploy/errors/503.http, HAProxy's page for when no instance answers, is the store's own page in
// English and in French, made by balancerErrorFile (regenerate it with the command below when the
// texts change).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balancerErrorFile, unavailablePage } from './unavailable-page';

const FILE = 'deploy/errors/503.http';
// npx tsx -e "import('./src/server/render/unavailable-page.ts').then(m => process.stdout.write(m.balancerErrorFile('Liquidation Depot')))" > deploy/errors/503.http

describe('the balancer’s error page', () => {
  it('is the file HAProxy serves, a complete HTTP answer in both languages', () => {
    const file = readFileSync(FILE, 'utf8');
    expect(file).toBe(balancerErrorFile('Liquidation Depot'));
    const [head, body] = file.split('\r\n\r\n');
    expect(head!.split('\r\n')).toEqual([
      'HTTP/1.0 503 Service Unavailable',
      'Cache-Control: no-store',
      'Connection: close',
      'Content-Type: text/html; charset=utf-8',
      'Content-Language: en-CA, fr-CA',
      'Retry-After: 5',
    ]);
    expect(body).toContain('<section lang="en-CA"><h1>We’ll be right back</h1>');
    expect(body).toContain('The store is busy right now. Please try again in a moment.');
    expect(body).toContain('<section lang="fr-CA"><h1>Nous revenons dans un instant</h1>');
    expect(body).toContain('La boutique est très occupée en ce moment. Veuillez réessayer dans un instant.');
    expect(body).toContain('<a href="">Réessayer</a>');
  });

  it('says the same as the page an instance answers itself', () => {
    expect(unavailablePage('Liquidation Depot', 'fr')).toContain('<h1>Nous revenons dans un instant</h1>');
    expect(unavailablePage('Liquidation Depot', 'en')).toContain('<html lang="en-CA">');
  });
});
