// The intake screen: a typed (or wedge-scanned) code finds the lot, several matches are offered to pick
// from, and the camera path: BarcodeDetector where the browser has it, @zxing/browser otherwise. Only
// the camera (getUserMedia, the video element, the detector) is faked.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import IntakeTab from './intake-tab';
import { scanEngine } from './scanner';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lot = (id: number, lotNumber: string, draft: boolean) => ({
  id,
  lotNumber,
  name: `Kettle ${id}`,
  upc: '012345678905',
  draft,
  condition: 'used-good',
  conditionNotes: '',
  price: '25.00',
  shelfLocation: 'B-3',
  imageUrl: null as string | null,
  images: [] as string[],
  version: 2,
});

describe('IntakeTab', () => {
  it('finds a typed code on Enter and shows the lot with its label to print', async () => {
    const api = fakeApi({
      'GET /api/admin/intake/lookup?code=lot-7': { body: { matches: [lot(7, 'LOT-7', true)] } },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage(<IntakeTab />, '/admin/intake');
    await userEvent.type(screen.getByLabelText('Lot number or UPC'), 'lot-7{Enter}');
    expect(await screen.findByRole('heading', { name: 'Kettle 7' })).toBeTruthy();
    expect(callsTo(api, 'GET', '/api/admin/intake/lookup')).toHaveLength(1);
    expect(screen.getByText('Draft')).toBeTruthy();
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('used-good');
    expect(screen.getByText('$25.00')).toBeTruthy();
    const label = screen.getByRole('img', { name: 'Lot label for LOT-7' }) as HTMLImageElement;
    expect(label.getAttribute('src')).toBe('/api/admin/products/7/label?v=2');
    await userEvent.click(screen.getByRole('button', { name: 'Print label' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('offers several matches to choose from, and says when nothing matches', async () => {
    fakeApi({
      'GET /api/admin/intake/lookup?code=012345678905': {
        body: { matches: [lot(8, 'LOT-8', true), lot(7, 'LOT-7', false)] },
      },
      'GET /api/admin/intake/lookup?code=NOPE': { body: { matches: [] } },
    });
    renderPage(<IntakeTab />, '/admin/intake');
    const field = screen.getByLabelText('Lot number or UPC');
    await userEvent.type(field, '012345678905{Enter}');
    expect(await screen.findByText('2 lots have this code. Choose one:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'LOT-7: Kettle 7' }));
    expect(await screen.findByRole('heading', { name: 'Kettle 7' })).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'NOPE{Enter}');
    expect(await screen.findByText('No lot or product has the code NOPE.')).toBeTruthy();
  });

  it('reads a code with the browser BarcodeDetector from the back camera and looks it up', async () => {
    fakeApi({ 'GET /api/admin/intake/lookup?code=LOT-9': { body: { matches: [lot(9, 'LOT-9', true)] } } });
    const stopTrack = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    class FakeDetector {
      detect = vi.fn(async () => [{ rawValue: 'LOT-9' }]);
    }
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    renderPage(<IntakeTab />, '/admin/intake');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    expect(await screen.findByRole('heading', { name: 'Kettle 9' })).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    expect(stopTrack).toHaveBeenCalled();
    expect((screen.getByLabelText('Lot number or UPC') as HTMLInputElement).value).toBe('LOT-9');
  });

  it('says so when the camera cannot be opened', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) },
    });
    vi.stubGlobal('BarcodeDetector', class {});
    renderPage(<IntakeTab />, '/admin/intake');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    expect(
      await screen.findByText(
        'The camera could not be opened. Allow the camera for this site, or type the code.',
      ),
    ).toBeTruthy();
  });
});

describe('IntakeTab grading', () => {
  it('saves condition, notes, price and shelf on the version it loaded', async () => {
    let body: unknown;
    const api = fakeApi({
      'GET /api/admin/intake/lookup?code=LOT-7': { body: { matches: [lot(7, 'LOT-7', true)] } },
      'PATCH /api/admin/intake/products/7': ({ init }) => {
        body = JSON.parse(String(init?.body));
        return { body: { ...lot(7, 'LOT-7', true), price: '19.99', shelfLocation: 'C-1', version: 3 } };
      },
    });
    renderPage(<IntakeTab />, '/admin/intake');
    await userEvent.type(screen.getByLabelText('Lot number or UPC'), 'LOT-7{Enter}');
    await screen.findByRole('heading', { name: 'Kettle 7' });
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'used-acceptable');
    await userEvent.type(screen.getByLabelText(/Condition notes/), 'Dent');
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '19.99');
    await userEvent.clear(screen.getByLabelText(/Shelf location/));
    await userEvent.type(screen.getByLabelText(/Shelf location/), 'C-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('$19.99')).toBeTruthy();
    expect(body).toEqual({
      version: 2,
      condition: 'used-acceptable',
      conditionNotes: 'Dent',
      price: '19.99',
      shelfLocation: 'C-1',
    });
    expect(callsTo(api, 'PATCH', '/api/admin/intake/products/7')).toHaveLength(1);
  });

  it('shows the current lot and the message when someone changed it meanwhile', async () => {
    fakeApi({
      'GET /api/admin/intake/lookup?code=LOT-7': { body: { matches: [lot(7, 'LOT-7', true)] } },
      'PATCH /api/admin/intake/products/7': {
        status: 409,
        body: {
          message: 'Someone changed this lot meanwhile.',
          product: { ...lot(7, 'LOT-7', true), price: '31.00', version: 5 },
        },
      },
    });
    renderPage(<IntakeTab />, '/admin/intake');
    await userEvent.type(screen.getByLabelText('Lot number or UPC'), 'LOT-7{Enter}');
    await screen.findByRole('heading', { name: 'Kettle 7' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('$31.00')).toBeTruthy();
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('31.00');
  });
});

describe('IntakeTab photos', () => {
  it('uploads each photo taken into the lot, shows them, and saves the grading on the new version', async () => {
    const sent: { name: string; field: string }[] = [];
    let patched: { version?: number; price?: string } = {};
    let images: string[] = [];
    const api = fakeApi({
      'GET /api/admin/intake/lookup?code=LOT-7': { body: { matches: [lot(7, 'LOT-7', true)] } },
      'POST /api/admin/intake/products/7/images': ({ init }) => {
        const form = init?.body as FormData;
        const file = form.get('image') as File;
        sent.push({ name: file.name, field: 'image' });
        if (file.name === 'blurry.txt')
          return {
            status: 415,
            body: { message: 'Only JPEG, PNG, WebP, GIF and AVIF images are accepted.' },
          };
        images = [...images, `/uploads/products/${file.name}-640.webp`];
        return {
          body: { ...lot(7, 'LOT-7', true), imageUrl: images[0], images, version: 2 + images.length },
        };
      },
      'PATCH /api/admin/intake/products/7': ({ init }) => {
        patched = JSON.parse(String(init?.body));
        return { body: { ...lot(7, 'LOT-7', true), images, price: '9.99', version: 5 } };
      },
    });
    renderPage(<IntakeTab />, '/admin/intake');
    await userEvent.type(screen.getByLabelText('Lot number or UPC'), 'LOT-7{Enter}');
    await screen.findByRole('heading', { name: 'Kettle 7' });
    expect(screen.getByText('No pictures yet.')).toBeTruthy();
    // Typed before the photos: the photos must not undo it.
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '9.99');
    const input = screen.getByLabelText('Take photos') as HTMLInputElement;
    expect([input.type, input.accept, input.getAttribute('capture'), input.multiple]).toEqual([
      'file',
      'image/*',
      'environment',
      true,
    ]);
    await userEvent.upload(input, [
      new File(['a'], 'front.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'back.jpg', { type: 'image/jpeg' }),
    ]);
    expect(await screen.findByText('2 photos added.')).toBeTruthy();
    expect(sent.map((s) => s.name)).toEqual(['front.jpg', 'back.jpg']);
    expect(screen.getByRole('img', { name: 'Kettle 7, 2 of 2' }).getAttribute('src')).toBe(
      '/uploads/products/back.jpg-640.webp',
    );
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('9.99');

    await userEvent.upload(
      screen.getByLabelText('Take photos'),
      new File(['c'], 'blurry.txt', { type: 'image/jpeg' }),
    );
    expect(
      await screen.findByText('blurry.txt: Only JPEG, PNG, WebP, GIF and AVIF images are accepted.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Kettle 7, \d of 2$/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(patched).toMatchObject({ version: 4, price: '9.99' });
    expect(callsTo(api, 'POST', '/api/admin/intake/products/7/images')).toHaveLength(3);
  });
});

describe('scanEngine', () => {
  it('uses BarcodeDetector where it exists and @zxing/browser elsewhere', () => {
    expect(scanEngine({ BarcodeDetector: class {} })).toBe('native');
    expect(scanEngine({})).toBe('zxing');
  });
});
