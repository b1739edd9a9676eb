export * from './ban-geocoder';
export * from './gazetteer';
export * from './geo-services';
export * from './http';
export * from './routes-matrix';
