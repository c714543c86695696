export { buildImagery, planImagery, renderImage, sizeTable, imageFileName, ENCODERS, STAMP_FILE } from './build';
export type { BuildImageryOptions, BuildImageryResult, BuiltImage, ImageryPlan } from './build';
export { imageCatalogue } from './catalogue';
export type { CatalogueEntry } from './catalogue';
