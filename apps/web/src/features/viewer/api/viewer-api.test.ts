import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { isMobileDevice } from '../../../lib/device.ts';
import { viewerErrorText } from './viewer-api.ts';

describe('viewer', () => {
  it('shows the spec texts for 404, 403 and any other error', () => {
    expect(viewerErrorText(new ApiError(404, 'not_found', 'x'))).toBe('Informe no encontrado.');
    expect(viewerErrorText(new ApiError(403, 'forbidden', 'x'))).toBe(
      'Acceso denegado al informe.',
    );
    expect(
      viewerErrorText(
        new ApiError(502, 'bad_gateway', 'El servicio de BI no respondió correctamente.'),
      ),
    ).toBe('Error: El servicio de BI no respondió correctamente.');
  });

  it("shows the frame's message when an SDK call rejects with its IError list", () => {
    const rejection = [{ message: 'The embed token does not grant edit access (ReadWrite)' }];
    expect(viewerErrorText(rejection)).toBe(
      'Error: The embed token does not grant edit access (ReadWrite)',
    );
  });

  it('says why a row-level-security report cannot open without an identity', () => {
    const sentence = 'Este informe aplica seguridad por filas y su usuario no tiene una identidad.';
    expect(viewerErrorText(new ApiError(403, 'identity_required', sentence))).toBe(sentence);
  });

  it('detects phones and tablets by user agent or a coarse-only pointer', () => {
    const never = () => false;
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';
    expect(isMobileDevice(iPhone, never)).toBe(true);
    expect(isMobileDevice(desktop, never)).toBe(false);
    expect(isMobileDevice(desktop, (q) => q === '(pointer: coarse)')).toBe(true);
    expect(isMobileDevice(desktop, () => true)).toBe(false);
  });
});
