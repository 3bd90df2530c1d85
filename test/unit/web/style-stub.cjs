// Jest maps CSS imports here (jest.config.cjs): styles do not matter to these tests.
module.exports = {};
