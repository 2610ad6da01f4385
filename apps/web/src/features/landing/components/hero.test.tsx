import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { Hero } from './hero';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const stat = (label: string) =>
  within(screen.getByText(label).parentElement as HTMLElement).getByRole('definition');

describe('Hero', () => {
  it("counts the catalogue's countries and countries with numbers, formatted per language", async () => {
    fakeApi({ 'GET /api/coverage': () => json({ countries: 1234, numberCountries: 21 }) });
    renderWithApp(<Hero aside={null} />);
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(stat('Countries').textContent).toBe('1,234');
    expect(stat('DID countries').textContent).toBe('21');
    expect(stat('Uptime SLA').textContent).toBe('99.9%');
    expect(screen.queryByText('150+')).toBeNull();
  });

  it('uses the reader’s digits', async () => {
    await setLanguage('de');
    fakeApi({ 'GET /api/coverage': () => json({ countries: 1234, numberCountries: 21 }) });
    renderWithApp(<Hero aside={null} />);
    expect(await screen.findByText('1.234')).toBeTruthy();
  });
});
