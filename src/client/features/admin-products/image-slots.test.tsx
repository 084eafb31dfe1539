// The product form's picture slots: a refused upload says which file and the server's reason (too
// large, too many megapixels, not a picture) rather than "try again"; only a failed connection or server
// advises trying again.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { ImageSlots } from './image-slots';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('ImageSlots upload errors', () => {
  it("shows the server's reason with the file's name, without 'try again'", async () => {
    const reason = 'The image is 61 megapixels; at most 50 megapixels are accepted.';
    answer(400, { message: reason });
    const onChange = vi.fn();
    render(
      <>
        <ImageSlots images={[]} onChange={onChange} />
        <ToastSpy />
      </>,
    );
    await userEvent.setup().upload(screen.getByLabelText('Add product images'), photo('huge.jpg'));
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({ title: 'Upload failed', description: `huge.jpg: ${reason}` }),
    );
    expect(toasts[0]!.description).not.toMatch(/try again/i);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('advises trying again only when the server failed', async () => {
    answer(503, { message: 'Service unavailable' });
    render(
      <>
        <ImageSlots images={[]} onChange={() => {}} />
        <ToastSpy />
      </>,
    );
    await userEvent.setup().upload(screen.getByLabelText('Add product images'), photo('lamp.jpg'));
    await waitFor(() =>
      expect(toasts[0]?.description).toBe(
        'lamp.jpg could not be uploaded: the connection or the server failed. Please try again.',
      ),
    );
  });
});
