/**
 * One vocabulary of codes: the simulator names a service code by `SERVICE_CODES`' own name and
 * value (the listen-key code quoted, as the service sends it), so a test or a reader never meets
 * one code under two names; its other codes are the service's own where no table names them.
 */
import { describe, expect, it } from '@jest/globals';
import { SERVICE_CODES } from '../../src/service-codes.js';
import { SIM_CODES } from '../../src/simulator/errors.js';

const serviceNames = Object.keys(SERVICE_CODES) as (keyof typeof SERVICE_CODES)[];

describe('SIM_CODES', () => {
  it('holds each service code it shares under SERVICE_CODES’ name for it', () => {
    const serviceValues = new Map(serviceNames.map((name) => [String(SERVICE_CODES[name]), name]));
    for (const [name, code] of Object.entries(SIM_CODES)) {
      const serviceName = serviceValues.get(String(code));
      if (serviceName !== undefined) expect([name, code]).toEqual([serviceName, name === 'listenKeyInvalid' ? String(SERVICE_CODES[serviceName]) : SERVICE_CODES[serviceName]]);
    }
  });

  it('gives a name of SERVICE_CODES the service’s value', () => {
    for (const [name, code] of Object.entries(SIM_CODES)) {
      if (name in SERVICE_CODES) expect([name, String(code)]).toEqual([name, String(SERVICE_CODES[name as keyof typeof SERVICE_CODES])]);
    }
  });
});
