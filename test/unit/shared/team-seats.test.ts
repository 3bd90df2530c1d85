import { TEAM_MESSAGES } from '../../../shared/team-roles';

describe('the team seat wording', () => {
  it('should say "seat" for one and "seats" for any other number', () => {
    expect(TEAM_MESSAGES.seatsUsed(1, null)).toBe('1 seat used (unlimited on your plan)');
    expect(TEAM_MESSAGES.seatsUsed(0, null)).toBe('0 seats used (unlimited on your plan)');
    expect(TEAM_MESSAGES.seatsUsed(4, null)).toBe('4 seats used (unlimited on your plan)');
  });

  it('should agree the noun with the plan’s limit when a limit is shown', () => {
    expect(TEAM_MESSAGES.seatsUsed(1, 1)).toBe('1 of 1 seat used (pending invites count)');
    expect(TEAM_MESSAGES.seatsUsed(1, 3)).toBe('1 of 3 seats used (pending invites count)');
  });

  it('should word a full plan with one seat in the singular', () => {
    expect(TEAM_MESSAGES.seatsFull('Basic', 1)).toMatch(/^Your Basic plan has 1 seat, all taken/);
    expect(TEAM_MESSAGES.seatsFull('Premium', 5)).toMatch(/^Your Premium plan has 5 seats, all taken/);
  });
});
