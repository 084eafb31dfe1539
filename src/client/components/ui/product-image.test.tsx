import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstScreenLoad, ProductImage } from './product-image';

describe('ProductImage', () => {
  it('offers the WebP variants with sizes and explicit dimensions, lazy unless told otherwise', () => {
    const { rerender } = render(<ProductImage url="/uploads/products/lamp-640.webp" alt="Lamp" />);
    const img = screen.getByRole('img', { name: 'Lamp' });
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/lamp-320.webp 320w, /uploads/products/lamp-640.webp 640w, /uploads/products/lamp-1024.webp 1024w',
    );
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '640']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    rerender(<ProductImage url="/uploads/products/lamp-640.webp" alt="Lamp" load="eager" />);
    expect(screen.getByRole('img', { name: 'Lamp' }).getAttribute('loading')).toBe('eager');
    expect(screen.getByRole('img', { name: 'Lamp' }).getAttribute('fetchpriority')).toBeNull();
    rerender(<ProductImage url="/uploads/products/lamp-640.webp" alt="Lamp" load="high" />);
    expect(screen.getByRole('img', { name: 'Lamp' }).getAttribute('loading')).toBe('eager');
    expect(screen.getByRole('img', { name: 'Lamp' }).getAttribute('fetchpriority')).toBe('high');
  });

  it('loads the first row of a grid first: two high-priority pictures, up to four eager, then lazy', () => {
    expect(Array.from({ length: 6 }, (_, i) => firstScreenLoad(i))).toEqual([
      'high',
      'high',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('shows the placeholder for a missing or broken image', () => {
    render(
      <>
        <ProductImage url={null} alt="None" />
        <ProductImage url="/uploads/products/gone-640.webp" alt="Gone" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'None' }).getAttribute('src')).toBe('/placeholder.svg');
    const gone = screen.getByRole('img', { name: 'Gone' });
    fireEvent.error(gone);
    expect(gone.getAttribute('src')).toBe('/placeholder.svg');
    expect(gone.getAttribute('srcset')).toBeNull();
  });
});
