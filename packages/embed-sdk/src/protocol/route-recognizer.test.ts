import { describe, expect, it } from 'vitest';
import { RouteRecognizer, parseQueryString } from './route-recognizer.ts';

function recognizerOf(...patterns: string[]) {
  const recognizer = new RouteRecognizer<string>();
  for (const pattern of patterns) recognizer.add(pattern, pattern);
  return recognizer;
}

describe('RouteRecognizer', () => {
  it('matches static paths with an optional leading and an ignored trailing slash', () => {
    const recognizer = recognizerOf('report/load');
    expect(recognizer.recognize('/report/load')?.handler).toBe('report/load');
    expect(recognizer.recognize('report/load/')?.handler).toBe('report/load');
    expect(recognizer.recognize('/report/load/extra')).toBeUndefined();
  });

  it('matches one segment per :param and the rest per *star', () => {
    const recognizer = recognizerOf('/tile/:uniqueId/events/:eventName', '/files/*path');
    expect(recognizer.recognize('/tile/t1/events/tileClicked')?.params).toEqual({
      uniqueId: 't1',
      eventName: 'tileClicked',
    });
    expect(recognizer.recognize('/tile/a/b/events/x')).toBeUndefined();
    expect(recognizer.recognize('/files/a/b/c.txt')?.params).toEqual({ path: 'a/b/c.txt' });
    expect(recognizer.recognize('/files')).toBeUndefined();
  });

  it('prefers static, then dynamic, then star segments, then longer routes', () => {
    const recognizer = recognizerOf('*all', '/report/:a', '/report/pages', '/report/*rest');
    expect(recognizer.recognize('/report/pages')?.handler).toBe('/report/pages');
    expect(recognizer.recognize('/report/filters')?.handler).toBe('/report/:a');
    expect(recognizer.recognize('/report/pages/x')?.handler).toBe('/report/*rest');
    expect(recognizer.recognize('/other')?.handler).toBe('*all');
  });

  it('keeps the first registered route when two are equally specific', () => {
    const recognizer = recognizerOf('/a/:x', '/a/:y');
    expect(recognizer.recognize('/a/1')?.handler).toBe('/a/:x');
  });

  it('matches the root path', () => {
    expect(recognizerOf('/').recognize('')?.handler).toBe('/');
  });

  it('decodes the path once and leaves malformed escapes as they are', () => {
    const recognizer = recognizerOf('/pages/:name');
    expect(recognizer.recognize('/pages/Ventas%20por%20regi%C3%B3n')?.params).toEqual({
      name: 'Ventas por región',
    });
    expect(recognizer.recognize('/pages/100%')?.params).toEqual({ name: '100%' });
  });

  it('treats regular expression characters in patterns literally', () => {
    const recognizer = recognizerOf('/a.b/(c)');
    expect(recognizer.recognize('/a.b/(c)')).toBeDefined();
    expect(recognizer.recognize('/axb/(c)')).toBeUndefined();
  });
});

describe('parseQueryString', () => {
  it('splits pairs, decodes them, collects [] keys and marks bare keys true', () => {
    expect(parseQueryString('a=1&b&c[]=x&c[]=y%20z&d=&e=%E2%82%AC')).toEqual({
      a: '1',
      b: 'true',
      c: ['x', 'y z'],
      d: '',
      e: '€',
    });
  });
});
