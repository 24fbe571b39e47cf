import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupUser } from '@/testing';
import { changeLanguage } from '@/lib/i18n';
import GalleryPage from '../pages/GalleryPage';
import { PhotoCarousel } from './PhotoCarousel';

const photos = [
  { id: 'a', src: '/api/photos/a.jpg', caption: 'Fachada' },
  { id: 'b', src: '/api/photos/b.jpg', caption: 'Suite com vista de mar' },
  { id: 'c', src: '/api/photos/c.jpg', caption: 'Pequeno-almoço' },
];

describe('photo gallery', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('pt');
  });

  it('goes through the photos with the buttons, the dots and the keys', async () => {
    await changeLanguage('pt');
    const user = setupUser();
    renderWithProviders(<PhotoCarousel photos={photos} label="Casa do Mar" />);
    const status = () => screen.getByText(/^Foto \d de 3$/, { selector: 'p' });
    expect(status()).toHaveTextContent('Foto 1 de 3');
    expect(screen.getByRole('button', { name: 'Foto anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Foto seguinte' }));
    expect(status()).toHaveTextContent('Foto 2 de 3');
    expect(screen.getByRole('button', { name: 'Foto 2 de 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Foto 3 de 3' }));
    expect(screen.getByRole('button', { name: 'Foto seguinte' })).toBeDisabled();

    await user.keyboard('{Home}');
    expect(status()).toHaveTextContent('Foto 1 de 3');
    expect(screen.getByRole('img', { name: 'Fachada' })).toBeInTheDocument();
  });

  it('follows the reading direction in Arabic: the left arrow key goes forward', async () => {
    await changeLanguage('ar');
    const user = setupUser();
    renderWithProviders(<PhotoCarousel photos={photos} label="Casa do Mar" />);
    await user.click(screen.getByRole('button', { name: 'الصورة التالية' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'الصورة 3 من 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('says there are no photos yet and where to add them', async () => {
    await changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ businesses: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    renderWithProviders(<GalleryPage />);
    expect(await screen.findByRole('heading', { name: 'No photos yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Property' })).toHaveAttribute(
      'href',
      '/my-property',
    );
  });
});
