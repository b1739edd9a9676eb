module.exports = { ...require('../../jest.preset.js'), displayName: 'pdf', rootDir: __dirname };
