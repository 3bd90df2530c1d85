import { GRID_RESOLUTION_DEG, gridCell, gridCellKey } from '../../../shared/weather/grid-cell';

describe('gridCell', () => {
  it('should round to 0.05° and name the cell with its resolution when given a jobsite coordinate', () => {
    expect(GRID_RESOLUTION_DEG).toBe(0.05);
    expect(gridCell(40.627975, -74.42501)).toEqual({
      key: 'g0.05:40.65,-74.45',
      latitude: 40.65,
      longitude: -74.45,
      resolutionDeg: 0.05,
    });
  });

  it('should give nearby jobsites one cell and farther ones another when they are a few km apart', () => {
    const a = gridCellKey(33.4484, -112.074); // downtown Phoenix
    const b = gridCellKey(33.4501, -112.0651); // ~1 km east
    const c = gridCellKey(33.5, -112.074); // ~6 km north
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('should keep centres free of float drift when the index times the resolution is inexact', () => {
    const cell = gridCell(0.15, 0.35);
    expect(cell.latitude).toBe(0.15);
    expect(cell.longitude).toBe(0.35);
  });

  it('should not produce "-0" when a coordinate rounds to zero from below', () => {
    expect(gridCellKey(-0.01, -0.02)).toBe('g0.05:0.00,0.00');
    expect(Object.is(gridCell(-0.01, -0.02).latitude, -0)).toBe(false);
  });

  it('should name the 180° meridian once when a coordinate rounds onto it from either side', () => {
    expect(gridCellKey(10, 179.99)).toBe(gridCellKey(10, -179.99));
    expect(gridCell(10, 180).longitude).toBe(-180);
  });

  it('should use another resolution and key when asked for 0.1°', () => {
    expect(gridCell(40.627975, -74.42501, 0.1).key).toBe('g0.1:40.6,-74.4');
  });

  it('should refuse coordinates off the globe', () => {
    expect(() => gridCell(91, 0)).toThrow(RangeError);
    expect(() => gridCell(0, Number.NaN)).toThrow(/Longitude/);
  });
});
