import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { liveApiGatewayAuthenticate } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { createHolidaysDeps } from '../composition/holidays.root';
import { createHolidaysApp } from './app';

// Built once per container.
const config = loadConfig();
const data = createDataRoot(config);

export const handler = handle(
  createHolidaysApp({
    authenticate: liveApiGatewayAuthenticate(config, data.clock, data.db),
    holidays: createHolidaysDeps(data),
  }),
);
