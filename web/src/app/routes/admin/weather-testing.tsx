import { WeatherTesting } from '../../../features/admin-ops/components/weather-testing';

export const AdminWeatherTestingPage = () => <WeatherTesting />;
